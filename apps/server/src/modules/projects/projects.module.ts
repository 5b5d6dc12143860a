import type { RepositoriesOf } from '../../platform.ts';
import { changesFrom, keptAnswers, keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import { ResultCache } from '../../cache/result-cache.ts';
import type { ServerModule } from '../../server-module.ts';
import { projectsRepository } from './projects.repository.ts';
import { phasesRepository } from './phases.repository.ts';
import { phasesRoutes } from './phases.routes.ts';
import { projectsRoutes } from './projects.routes.ts';
import { scheduleRepository } from './schedule/schedule.repository.ts';
import { scheduleRoutes } from './schedule/schedule.routes.ts';

const repositories = {
  projects: projectsRepository,
  phases: phasesRepository,
  schedule: scheduleRepository,
};

const keptData = {
  /** Project list totals and dashboard figures. */
  projectAggregates: declare({ make: () => new ResultCache<unknown>(), droppedBy: ['projects'] }),
  /**
   * Whole answers of the busiest lists of every project module (projects, daily logs, media, material
   * requests, inventory), serialized, per visibility and query: they carry projects, logs, files and
   * people's names, so any of these changes drops them. A page of logs with their threads is some
   * 40 kB, a page of 100 several times that: at most 300 pages and 16 MB of text.
   */
  listPages: declare({
    make: () => keptAnswers({ maxEntries: 300, maxBytes: 16 * 1024 * 1024 }),
    droppedBy: changesFrom('stores'),
  }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

export const projectsModule: ServerModule = {
  name: 'projects',
  repositories,
  keptData,
  routes: [projectsRoutes, phasesRoutes, scheduleRoutes],
};
