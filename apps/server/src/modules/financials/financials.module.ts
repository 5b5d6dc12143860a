import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { financialsRepository } from './financials.repository.ts';
import { financialsRoutes } from './financials.routes.ts';

const repositories = {
  financials: financialsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const financialsModule: ServerModule = {
  name: 'financials',
  repositories,
  routes: [financialsRoutes],
};
