import type { ServerModule } from '../../server-module.ts';
import { autoLoginRoutes } from './auto-login.routes.ts';

export const autoLoginModule: ServerModule = { name: 'auto-login', routes: [autoLoginRoutes] };
