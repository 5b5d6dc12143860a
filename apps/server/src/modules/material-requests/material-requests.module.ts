import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { materialRequestsRepository } from './material-requests.repository.ts';
import { materialRequestsRoutes } from './material-requests.routes.ts';

const repositories = {
  materialRequests: materialRequestsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const materialRequestsModule: ServerModule = {
  name: 'material-requests',
  repositories,
  routes: [materialRequestsRoutes],
};
