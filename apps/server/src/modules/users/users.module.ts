import type { RepositoriesOf } from '../../platform.ts';

import { keptAnswers, keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import { ResultCache } from '../../cache/result-cache.ts';
import type { KeyDirectory } from '../../db/key-directory.ts';
import type { NameKey } from '../../db/name-key.ts';
import type { ServerModule } from '../../server-module.ts';
import { usersRepository } from './users.repository.ts';
import { userStatsRepository } from './user-stats.repository.ts';
import { AVATAR_JOB, avatarJobFailed, processAvatar } from './avatar.service.ts';
import { avatarRoutes } from './avatar.routes.ts';
import { usersRoutes } from './users.routes.ts';

const repositories = {
  users: usersRepository,
  userStats: userStatsRepository,
};

const keptData = {
  /** Each people list's length and page keys, per role set and search: one key in 100 of its people. */
  userListDirectories: declare({
    make: () =>
      new ResultCache<KeyDirectory<NameKey>>({
        maxEntries: 500,
        maxWeight: 200_000,
        weigh: (directory) => directory.keys.length,
      }),
    droppedBy: ['user', 'users-list'],
  }),
  /** Pages of the people lists (all, staff, clients), serialized: a page of 10 is some 4 kB, of 100 some 40 kB. */
  userPages: declare({
    make: () => keptAnswers({ maxEntries: 500, maxBytes: 8 * 1024 * 1024 }),
    droppedBy: ['user', 'users-list'],
  }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

export const usersModule: ServerModule = {
  name: 'users',
  fileAccess: {
    avatar: {
      who: 'anyone with the link, like any profile picture: the name is random per upload and unguessable',
      mayOpen: async () => true,
    },
  },
  repositories,
  keptData,
  routes: [usersRoutes, avatarRoutes],
  jobKinds: { [AVATAR_JOB]: { run: processAvatar, failed: avatarJobFailed } },
};
