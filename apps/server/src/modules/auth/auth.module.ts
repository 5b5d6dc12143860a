import type { ServerModule } from '../../server-module.ts';
import { authRoutes } from './auth.routes.ts';

export const authModule: ServerModule = { name: 'auth', routes: [authRoutes] };
