import type { ServerModule } from '../../server-module.ts';
import { dailyLogsRoutes } from './daily-logs.routes.ts';

export const dailyLogsModule: ServerModule = { name: 'daily-logs', routes: [dailyLogsRoutes] };
