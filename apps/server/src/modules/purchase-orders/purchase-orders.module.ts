import type { ServerModule } from '../../server-module.ts';
import { issuePurchaseOrderOnApproval } from './purchase-order-issue.ts';
import { purchaseOrdersRoutes } from './purchase-orders.routes.ts';

export const purchaseOrdersModule: ServerModule = {
  name: 'purchase-orders',
  routes: [purchaseOrdersRoutes],
  workflowReactions: [issuePurchaseOrderOnApproval],
};
