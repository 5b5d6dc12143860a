import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { invoicesRepository } from './invoices/invoices.repository.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { negotiationsRepository } from './negotiations/negotiations.repository.ts';
import { withdrawOffersLeavingNegotiation } from './negotiations/negotiation-withdrawal.ts';
import { negotiationsRoutes } from './negotiations/negotiations.routes.ts';
import { issuePurchaseOrderOnApproval } from './purchase-orders/purchase-order-issue.ts';
import { deliveriesRepository } from './purchase-orders/deliveries.repository.ts';
import { purchaseOrdersRepository } from './purchase-orders/purchase-orders.repository.ts';
import { purchaseOrdersRoutes } from './purchase-orders/purchase-orders.routes.ts';
import { rfqsRepository } from './rfqs/rfqs.repository.ts';
import { rfqsRoutes } from './rfqs/rfqs.routes.ts';
import { vendorsRepository } from './vendors/vendors.repository.ts';
import { vendorsRoutes } from './vendors/vendors.routes.ts';

const repositories = {
  vendors: vendorsRepository,
  rfqs: rfqsRepository,
  negotiations: negotiationsRepository,
  purchaseOrders: purchaseOrdersRepository,
  deliveries: deliveriesRepository,
  invoices: invoicesRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

/**
 * Procurement in two rooms: vendors (the party and its account, `vendors/`) and the RFQ area — RFQs and
 * their workflow (`rfqs/`, whose repository is the only writer of the `rfqs` table), vendors' quotes
 * (`quotes/`), the comparison (`comparison/`), negotiations (`negotiations/`) and purchase orders with
 * their deliveries (`purchase-orders/`) and vendors' invoices with their payments (`invoices/`).
 */
export const procurementModule: ServerModule = {
  name: 'procurement',
  repositories,
  routes: [vendorsRoutes, rfqsRoutes, negotiationsRoutes, purchaseOrdersRoutes, invoicesRoutes],
  workflowReactions: [withdrawOffersLeavingNegotiation, issuePurchaseOrderOnApproval],
};
