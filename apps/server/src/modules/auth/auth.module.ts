import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { loginThrottleStore } from './login-throttle.repository.ts';
import { authRoutes } from './auth.routes.ts';

const repositories = {
  sessions: sessionsRepository,
  loginThrottle: loginThrottleStore,
};

declare module '../../platform.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's repositories
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const authModule: ServerModule = {
  name: 'auth',
  repositories,
  routes: [authRoutes],
  housekeeping: [(ctx) => ctx.sessions.deleteExpired(), (ctx) => ctx.loginThrottle.deleteStale()],
};
