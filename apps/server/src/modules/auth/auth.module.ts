import type { RepositoriesOf } from '../../platform.ts';
import { keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import { SessionCache } from '../../cache/session-cache.ts';
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

const keptData = {
  /** Signed-in sessions, kept between requests: dropped per session, per person, or all at once. */
  sessionCache: declare({
    make: () => new SessionCache(),
    drop: (event, sessions) => {
      if (event.kind === 'session') sessions.evictSession(event.id);
      else if (event.kind === 'user' && event.id === '*') sessions.clear();
      else if (event.kind === 'user') sessions.evictUser(event.id);
    },
  }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

/** Sign-in by password or by a vendor's auto-login link: the only module that starts sessions. */
export const authModule: ServerModule = {
  name: 'auth',
  repositories,
  keptData,
  routes: [authRoutes, autoLoginRoutes],
  housekeeping: [(ctx) => ctx.sessions.deleteExpired(), (ctx) => ctx.loginThrottle.deleteStale()],
};
