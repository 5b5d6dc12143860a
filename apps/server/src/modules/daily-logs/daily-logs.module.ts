import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { dailyLogsRepository } from './daily-logs.repository.ts';
import { dailyLogsRoutes } from './daily-logs.routes.ts';

const repositories = {
  dailyLogs: dailyLogsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const dailyLogsModule: ServerModule = { name: 'daily-logs', repositories, routes: [dailyLogsRoutes] };
