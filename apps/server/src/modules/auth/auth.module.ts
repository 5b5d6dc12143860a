import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { loginThrottleStore } from './login-throttle.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { autoLoginRepository } from './auto-login/auto-login.repository.ts';
import { autoLoginRoutes } from './auto-login/auto-login.routes.ts';

const repositories = {
  sessions: sessionsRepository,
  loginThrottle: loginThrottleStore,
  autoLogin: autoLoginRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

/** Sign-in by password or by a vendor's auto-login link: the only module that starts sessions. */
export const authModule: ServerModule = {
  name: 'auth',
  repositories,
  routes: [authRoutes, autoLoginRoutes],
  housekeeping: [(ctx) => ctx.sessions.deleteExpired(), (ctx) => ctx.loginThrottle.deleteStale()],
};
