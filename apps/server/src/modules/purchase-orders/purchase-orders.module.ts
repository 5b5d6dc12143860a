import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { purchaseOrdersRepository } from './purchase-orders.repository.ts';
import { issuePurchaseOrderOnApproval } from './purchase-order-issue.ts';
import { purchaseOrdersRoutes } from './purchase-orders.routes.ts';

const repositories = {
  purchaseOrders: purchaseOrdersRepository,
};

declare module '../../platform.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's repositories
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const purchaseOrdersModule: ServerModule = {
  name: 'purchase-orders',
  repositories,
  routes: [purchaseOrdersRoutes],
  workflowReactions: [issuePurchaseOrderOnApproval],
};
