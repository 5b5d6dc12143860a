import type { RepositoriesOf } from '../../platform.ts';
import { changesFrom, keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import { ResultCache } from '../../cache/result-cache.ts';
import { keptDirectories } from '../../db/created-directory.ts';
import type { ServerModule } from '../../server-module.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { inventoryRequestsRepository } from './inventory-requests.repository.ts';
import { inventoryRoutes } from './inventory.routes.ts';

const repositories = {
  inventory: inventoryRepository,
  inventoryRequests: inventoryRequestsRepository,
};

const keptData = {
  /** Inventory totals and categories (they name projects and people too). */
  storesAggregates: declare({ make: () => new ResultCache<unknown>(), droppedBy: changesFrom('stores') }),
  /** The requests log's lengths and every hundredth key, per reader scope and query (see created-directory.ts). */
  storesDirectories: declare({ make: keptDirectories, droppedBy: changesFrom('stores') }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

export const inventoryModule: ServerModule = {
  name: 'inventory',
  repositories,
  keptData,
  routes: [inventoryRoutes],
};
