import type { RepositoriesOf } from '../../platform.ts';
import { budgetFileAccess } from './budget-file-access.ts';
import { changesFrom, keptAnswers, keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import { ResultCache } from '../../cache/result-cache.ts';
import type { ServerModule } from '../../server-module.ts';
import { budgetsRepository } from './budgets.repository.ts';
import { budgetsRoutes } from './budgets.routes.ts';

const repositories = {
  budgets: budgetsRepository,
};

const keptData = {
  /** Budget list totals per viewer and filter. */
  budgetCounts: declare({ make: () => new ResultCache(), droppedBy: changesFrom('budgets') }),
  /** Whole budget list answers per viewer and query, serialized: a page of 10 with lines and history is some 15 kB. */
  budgetPages: declare({
    make: () => keptAnswers({ maxEntries: 1000, maxBytes: 16 * 1024 * 1024 }),
    droppedBy: changesFrom('budgets'),
  }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

export const budgetsModule: ServerModule = {
  name: 'budgets',
  fileAccess: budgetFileAccess,
  repositories,
  keptData,
  routes: [budgetsRoutes],
};
