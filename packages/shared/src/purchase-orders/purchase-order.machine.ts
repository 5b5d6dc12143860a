import { defineMachine } from '../workflow/machine.ts';

/** A purchase order from its issue to its close (issue 25). */
export const PURCHASE_ORDER_STATUSES = [
  'issued',
  'partially_received',
  'received',
  'closed',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** Who receives goods against an order: the stores, the lead of its project on site, the administrator. */
export const RECEIVERS = ['admin', 'store_keeper', 'project_lead', 'architect'] as const;

/** What a delivery leaves behind, read by the `receive` step to choose where the order goes. */
export interface DeliveryOutcome {
  /** Every line received in full (accepted quantities, rejected ones not counted). */
  complete: boolean;
  /** Something was ever accepted on the order (this delivery or an earlier one). */
  anyReceived: boolean;
}

/**
 * The purchase order workflow. A delivery is a `receive` step: it leaves the order received when every
 * line is, partially received when something was accepted, and issued when all of it was turned back.
 * Only the administrator cancels, and only while nothing was received; an order received in full is
 * closed once everything received is invoiced and paid.
 */
export const purchaseOrderMachine = defineMachine({
  name: 'purchase_order',
  states: PURCHASE_ORDER_STATUSES,
  rules: {
    receive: {
      from: ['issued', 'partially_received'],
      to: (outcome: DeliveryOutcome, from: PurchaseOrderStatus) =>
        outcome.complete ? 'received' : outcome.anyReceived ? 'partially_received' : from,
      roles: RECEIVERS,
    },
    cancel: { from: ['issued'], to: 'cancelled', roles: ['admin'] },
    close: { from: ['received'], to: 'closed', roles: ['admin', 'accountant'] },
  },
});
export type PurchaseOrderAction = (typeof purchaseOrderMachine.actions)[number];

/** The status badge's words. */
export const PURCHASE_ORDER_STATUS_LABELS = {
  issued: 'Issued',
  partially_received: 'Partially Received',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
} as const satisfies Record<PurchaseOrderStatus, string>;

/** Where an order stands, in a refusal's words. */
export function describePurchaseOrderStatus(status: PurchaseOrderStatus): string {
  return PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase();
}

/** What an order's history says of each step. */
export const PURCHASE_ORDER_HISTORY_LABELS: Readonly<Record<string, string>> = {
  create: 'Purchase order issued',
  receive: 'Delivery recorded',
  cancel: 'Cancelled',
  close: 'Closed',
};
