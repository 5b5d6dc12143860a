import type { RepositoriesOf } from '../../platform.ts';
import { dailyLogFileAccess } from './daily-log-file-access.ts';
import { keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import { ResultCache } from '../../cache/result-cache.ts';
import type { ServerModule } from '../../server-module.ts';
import { dailyLogsRepository } from './daily-logs.repository.ts';
import { dailyLogsRoutes } from './daily-logs.routes.ts';

const repositories = {
  dailyLogs: dailyLogsRepository,
};

const keptData = {
  /** Daily log and media list totals. */
  logMediaCounts: declare({ make: () => new ResultCache(), droppedBy: ['projects', 'logs-media'] }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

export const dailyLogsModule: ServerModule = {
  name: 'daily-logs',
  fileAccess: dailyLogFileAccess,
  repositories,
  keptData,
  routes: [dailyLogsRoutes],
};
