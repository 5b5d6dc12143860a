import { defineMachine } from '../workflow/machine.ts';

/** A vendor's invoice against a purchase order (issue 25). */
export const INVOICE_STATUSES = ['recorded', 'matched', 'disputed', 'approved', 'paid', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** How the three-way match came out: every line within what was ordered, received and agreed, or not. */
export const MATCH_STATUSES = ['matched', 'disputed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** What the match and payment steps read to choose where the invoice goes. */
export interface InvoiceOptions {
  matchStatus: MatchStatus;
  /** The payment settles what is still owed. */
  paidInFull: boolean;
}

const ACCOUNTS = ['admin', 'accountant'] as const;

/**
 * The invoice workflow. Recording is followed at once by the three-way match (`match`), which leaves it
 * matched or disputed. The accountant approves a matched invoice; only the administrator approves a
 * disputed one (with a reason). An invoice not yet approved may be rejected (a duplicate or a mistake
 * matches as well as a good one). Payments are `pay`
 * steps: partial ones keep it approved, the one that settles it makes it paid.
 */
export const invoiceMachine = defineMachine({
  name: 'vendor_invoice',
  states: INVOICE_STATUSES,
  rules: {
    match: {
      from: ['recorded'],
      to: (options: InvoiceOptions) => options.matchStatus,
      roles: ACCOUNTS,
    },
    approve: {
      from: ['matched', 'disputed'],
      fromByRole: { accountant: ['matched'] },
      to: 'approved',
      roles: ACCOUNTS,
    },
    reject: { from: ['recorded', 'matched', 'disputed'], to: 'rejected', roles: ACCOUNTS },
    pay: {
      from: ['approved'],
      to: (options: InvoiceOptions) => (options.paidInFull ? 'paid' : 'approved'),
      roles: ACCOUNTS,
    },
  },
});
export type InvoiceAction = (typeof invoiceMachine.actions)[number];

export const INVOICE_STATUS_LABELS = {
  recorded: 'Recorded',
  matched: 'Matched',
  disputed: 'Disputed',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
} as const satisfies Record<InvoiceStatus, string>;

/** Invoices that count towards what was billed on an order (a rejected one does not). */
export const BILLED_INVOICE_STATUSES = [
  'recorded',
  'matched',
  'disputed',
  'approved',
  'paid',
] as const satisfies readonly InvoiceStatus[];

/** What an invoice's history says of each step. */
export const INVOICE_HISTORY_LABELS: Readonly<Record<string, string>> = {
  create: 'Invoice recorded',
  match: 'Three-way match',
  approve: 'Approved',
  reject: 'Rejected',
  pay: 'Payment recorded',
};
