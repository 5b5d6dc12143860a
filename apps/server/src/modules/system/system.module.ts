import type { ServerModule } from '../../server-module.ts';
import { healthRoutes } from './health.routes.ts';

export const systemModule: ServerModule = { name: 'system', routes: [healthRoutes] };
