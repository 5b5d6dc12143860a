import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { budgetsRepository } from './budgets.repository.ts';
import { budgetsRoutes } from './budgets.routes.ts';

const repositories = {
  budgets: budgetsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const budgetsModule: ServerModule = { name: 'budgets', repositories, routes: [budgetsRoutes] };
