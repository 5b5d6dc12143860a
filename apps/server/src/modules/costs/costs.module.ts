import { changesFrom, keptAnswers, keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { costReactions } from './cost-reactions.ts';
import { costsRepository } from './costs.repository.ts';
import { costsRoutes } from './costs.routes.ts';

const repositories = {
  costs: costsRepository,
};

const keptData = {
  /**
   * Cost answers (a project's, and pages of the company's), the same for everyone who may read them. Every
   * workflow step publishes a change of its kind, and any change in the chain drops them all, so they are
   * read again after anything that moves a figure (an order, a delivery, an invoice, a payment, stock
   * released, a budget approved).
   */
  costAnswers: declare({
    make: () => keptAnswers({ maxEntries: 300, maxBytes: 4 * 1024 * 1024, ttlMs: 5 * 60_000 }),
    droppedBy: changesFrom('notifications'),
  }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

/**
 * What projects cost against their budgets: committed, received, invoiced and paid from procurement,
 * stock issued from the stores. It reads the other modules' tables and keeps a project's spent and its
 * over-budget notices in step with their workflows (its reactions run last in their steps).
 */
export const costsModule: ServerModule = {
  name: 'costs',
  repositories,
  keptData,
  routes: [costsRoutes],
  workflowReactions: costReactions,
};
