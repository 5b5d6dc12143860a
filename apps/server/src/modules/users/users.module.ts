import type { ServerModule } from '../../server-module.ts';
import { AVATAR_JOB, avatarJobFailed, processAvatar } from './avatar.service.ts';
import { avatarRoutes } from './avatar.routes.ts';
import { usersRoutes } from './users.routes.ts';

export const usersModule: ServerModule = {
  name: 'users',
  routes: [usersRoutes, avatarRoutes],
  jobKinds: { [AVATAR_JOB]: { run: processAvatar, failed: avatarJobFailed } },
};
