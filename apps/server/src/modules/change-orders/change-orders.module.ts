import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { changeOrdersRepository } from './change-orders.repository.ts';
import { changeOrdersRoutes } from './change-orders.routes.ts';
import { changeOrderFileAccess } from './change-order-file-access.ts';

const repositories = {
  changeOrders: changeOrdersRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const changeOrdersModule: ServerModule = {
  name: 'change-orders',
  repositories,
  routes: [changeOrdersRoutes],
  fileAccess: changeOrderFileAccess,
};
