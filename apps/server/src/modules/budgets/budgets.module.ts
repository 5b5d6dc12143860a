import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { budgetsRepository } from './budgets.repository.ts';
import { budgetsRoutes } from './budgets.routes.ts';

const repositories = {
  budgets: budgetsRepository,
};

declare module '../../platform.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's repositories
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const budgetsModule: ServerModule = { name: 'budgets', repositories, routes: [budgetsRoutes] };
