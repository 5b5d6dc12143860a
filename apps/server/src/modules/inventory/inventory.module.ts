import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { inventoryRequestsRepository } from './inventory-requests.repository.ts';
import { inventoryRoutes } from './inventory.routes.ts';

const repositories = {
  inventory: inventoryRepository,
  inventoryRequests: inventoryRequestsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const inventoryModule: ServerModule = { name: 'inventory', repositories, routes: [inventoryRoutes] };
