import type { RepositoriesOf } from '../../platform.ts';
import { procurementFileAccess } from './procurement-file-access.ts';
import { changesFrom, keptAnswers, keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import { ResultCache } from '../../cache/result-cache.ts';
import { keptDirectories } from '../../db/created-directory.ts';
import type { ServerModule } from '../../server-module.ts';
import { invoicesRepository } from './invoices/invoices.repository.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { negotiationsRepository } from './negotiations/negotiations.repository.ts';
import { withdrawOffersLeavingNegotiation } from './negotiations/negotiation-withdrawal.ts';
import { negotiationsRoutes } from './negotiations/negotiations.routes.ts';
import { issuePurchaseOrderOnApproval } from './purchase-orders/purchase-order-issue.ts';
import { purchaseOrderNoticeDocument } from './purchase-orders/purchase-order-document.ts';
import { deliveriesRepository } from './purchase-orders/deliveries.repository.ts';
import { purchaseOrdersRepository } from './purchase-orders/purchase-orders.repository.ts';
import { purchaseOrdersRoutes } from './purchase-orders/purchase-orders.routes.ts';
import { rfqsRepository } from './rfqs/rfqs.repository.ts';
import { rfqsRoutes } from './rfqs/rfqs.routes.ts';
import { refuseSendingPastDeadline, refuseStepsOnSealedBids } from './rfqs/sealed-bid-opening.service.ts';
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

const keptData = {
  /**
   * RFQ lists and details, comparisons, a vendor's RFQs, serialized, per viewer and query (they carry
   * people's names and projects' titles too). An RFQ with 20 quotes of 100 lines is some 400 kB, a list
   * page some 6 kB. Every change drops them in every process, so they may be kept for minutes: file
   * links in them last an hour at least.
   */
  procurementPages: declare({
    make: () => keptAnswers({ maxEntries: 500, maxBytes: 16 * 1024 * 1024, ttlMs: 5 * 60_000 }),
    droppedBy: changesFrom('procurement'),
  }),
  /** Totals of the RFQ and purchase-order lists, per scope and filter: every page of a list shows one. */
  procurementCounts: declare({ make: () => new ResultCache(), droppedBy: changesFrom('procurement') }),
  /** The purchase-order and RFQ lists' lengths and every hundredth key, per scope and filter (see created-directory.ts). */
  procurementDirectories: declare({ make: keptDirectories, droppedBy: changesFrom('procurement') }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

/**
 * Procurement in two rooms: vendors (the party and its account, `vendors/`) and the RFQ area — RFQs and
 * their workflow (`rfqs/`, whose repository is the only writer of the `rfqs` table), vendors' quotes
 * (`quotes/`), the comparison (`comparison/`), negotiations (`negotiations/`) and purchase orders with
 * their deliveries (`purchase-orders/`) and vendors' invoices with their payments (`invoices/`).
 */
export const procurementModule: ServerModule = {
  name: 'procurement',
  fileAccess: procurementFileAccess,
  noticeDocuments: { 'purchase-order': purchaseOrderNoticeDocument },
  repositories,
  keptData,
  routes: [vendorsRoutes, rfqsRoutes, negotiationsRoutes, purchaseOrdersRoutes, invoicesRoutes],
  // The sealed-bid guards first: a refused step issues nothing.
  workflowReactions: [
    refuseStepsOnSealedBids,
    refuseSendingPastDeadline,
    withdrawOffersLeavingNegotiation,
    issuePurchaseOrderOnApproval,
  ],
};
