import type { ServerModule } from '../../server-module.ts';
import { authRoutes } from './auth.routes.ts';

export const authModule: ServerModule = {
  name: 'auth',
  routes: [authRoutes],
  housekeeping: [(ctx) => ctx.sessions.deleteExpired(), (ctx) => ctx.loginThrottle.deleteStale()],
};
