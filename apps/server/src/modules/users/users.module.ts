import type { RepositoriesOf } from '../../platform.ts';
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

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const usersModule: ServerModule = {
  name: 'users',
  repositories,
  routes: [usersRoutes, avatarRoutes],
  jobKinds: { [AVATAR_JOB]: { run: processAvatar, failed: avatarJobFailed } },
};
