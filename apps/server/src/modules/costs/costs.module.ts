import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { costReactions } from './cost-reactions.ts';
import { costsRepository } from './costs.repository.ts';
import { costsRoutes } from './costs.routes.ts';

const repositories = {
  costs: costsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

/**
 * What projects cost against their budgets: committed, received, invoiced and paid from procurement,
 * stock issued from the stores. It reads the other modules' tables and keeps a project's spent and its
 * over-budget notices in step with their workflows (its reactions run last in their steps).
 */
export const costsModule: ServerModule = {
  name: 'costs',
  repositories,
  routes: [costsRoutes],
  workflowReactions: costReactions,
};
