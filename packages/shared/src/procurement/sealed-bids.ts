import { z } from 'zod';
import type { Role } from '../auth/roles.ts';
import { formatNaira } from '../money/format.ts';
import type { RfqAction } from './rfq.machine.ts';

/**
 * Sealed bids: vendors bid blind until a deadline, and nobody sees a price before the bids are opened
 * together, by a quantity surveyor and an administrator (two people) after the deadline.
 */

/** Lagos time, as the deadline is shown and worded in refusals. */
export function lagosTime(at: Date | string): string {
  return new Intl.DateTimeFormat('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(at));
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * A date-and-time box's value (no zone) read as Lagos time (UTC+1, no daylight saving), whatever the
 * device's zone, as the box says; as an ISO instant. Text that is no such value is handed back as it is.
 */
export function lagosLocalToIso(local: string): string {
  if (!LOCAL_DATE_TIME.test(local)) return local;
  const at = new Date(`${local}+01:00`);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

export const SEALED_BID_MESSAGES = {
  deadlineRequired: 'A sealed RFQ needs a bid deadline (date and time)',
  deadlineInPast: 'The bid deadline must be in the future',
  deadlineInvalid: 'bidDeadline must be a date and time (ISO 8601)',
  bidsClosed: (deadline: string) =>
    `Bids closed at ${lagosTime(deadline)} (Lagos time); no bid can be made now`,
  notSealed: 'This RFQ is not sealed',
  alreadyOpen: 'The bids of this RFQ are already open',
  beforeDeadline: (deadline: string) =>
    `The bids can be opened after the deadline, ${lagosTime(deadline)} (Lagos time)`,
  confirmedTwice: 'You have already confirmed this opening; a second person must confirm',
  stillSealed: 'The bids are sealed until a quantity surveyor and an administrator open them',
  notEditable: 'An RFQ can be changed only before it is sent to vendors',
  deadlinePassedBeforeSending: 'The bid deadline has passed: set a new one before sending the RFQ to vendors',
  openedTitle: 'Bids opened',
  opened: (rfqNumber: number, title: string) =>
    `The sealed bids for RFQ #${rfqNumber} "${title}" were opened together.`,
  /** What a vendor reads on a sealed RFQ before its deadline, and after it. */
  vendorBidding: (deadline: string) =>
    `Bids are sealed until ${lagosTime(deadline)} (Lagos time): nobody sees a price before the bids are opened, and your prices are not shown back to you. You may replace your bid with a new one until the deadline.`,
  vendorClosed: (deadline: string, bid: boolean) =>
    `Bids closed at ${lagosTime(deadline)} (Lagos time). ${
      bid
        ? 'Your bid stays sealed until a quantity surveyor and an administrator open the bids together; you will be told when they do.'
        : 'You did not send a bid, and none can be sent now.'
    }`,
  confirmTitle: 'Bid opening confirmed',
  confirmed: (name: string, rfqNumber: number) =>
    `${name} confirmed the opening of the sealed bids for RFQ #${rfqNumber}; a second person must confirm.`,
} as const;

/** Steps that read the bids' prices: refused while the bids are sealed. */
export const STEPS_NEEDING_OPEN_BIDS: readonly RfqAction[] = [
  'recommend',
  'negotiate',
  'approve_final_terms',
  'select_and_approve',
  'return_to_qs',
];

/** Whether an RFQ's prices may be read now: not sealed, or opened. */
export const pricesVisible = (rfq: { sealed: boolean; openedAt: Date | string | null }): boolean =>
  !rfq.sealed || rfq.openedAt !== null;

/** Whether bids are closed at `now` (a sealed RFQ's deadline has passed). */
export const bidsClosed = (deadline: Date | string | null, now: Date = new Date()): boolean =>
  deadline !== null && now.getTime() >= new Date(deadline).getTime();

/** The longest wait a browser timer takes (2^31 − 1 ms, 24.8 days). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** After the deadline by the device's clock, while the server still takes bids (its clock is behind). */
const CLOSING_RECHECK_MS = 5_000;

/**
 * When a vendor's page of a sealed RFQ should ask the server again so that it closes with the bids: just
 * after the deadline, then every few seconds until the server no longer takes their bid (the device's
 * clock may be ahead of the server's); null when nothing will change by time alone.
 */
export function msUntilBidsCloseCheck(
  rfq: { sealed: boolean; openedAt: string | null; bidDeadline: string | null; canQuote: boolean },
  now: Date = new Date(),
): number | null {
  if (!rfq.sealed || rfq.openedAt !== null || rfq.bidDeadline === null || !rfq.canQuote) return null;
  const remaining = new Date(rfq.bidDeadline).getTime() - now.getTime();
  if (remaining < 0) return CLOSING_RECHECK_MS;
  return Math.min(remaining + 1_000, LONGEST_TIMER_MS);
}

/** The roles that confirm an opening. */
export const OPENING_ROLES: readonly Role[] = ['quantity_surveyor', 'admin'];

/** The confirmations open the bids once a quantity surveyor and an administrator (two people) gave theirs. */
export function openingComplete(confirmations: ReadonlyArray<{ userId: string; role: Role }>): boolean {
  const qs = confirmations.filter((c) => c.role === 'quantity_surveyor').map((c) => c.userId);
  const admins = confirmations.filter((c) => c.role === 'admin').map((c) => c.userId);
  return qs.some((q) => admins.some((a) => a !== q));
}

/** `sealed` and `bidDeadline` as POST /rfqs (multipart text or JSON) and PUT /rfqs/{id} send them. */
export const sealedFields = {
  sealed: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'sealed must be true or false' })
    .optional()
    .transform((value) => value === true || value === 'true'),
  bidDeadline: z
    .union([z.literal(''), z.iso.datetime({ offset: true, error: SEALED_BID_MESSAGES.deadlineInvalid })])
    .nullish()
    .transform((value) => value || null),
};

/** A sealed RFQ needs a deadline in the future; an open one none. */
export function checkSealedFields(
  value: { sealed: boolean; bidDeadline: string | null },
  addIssue: (message: string, path: string) => void,
  now: Date = new Date(),
) {
  if (!value.sealed) return;
  if (!value.bidDeadline) addIssue(SEALED_BID_MESSAGES.deadlineRequired, 'bidDeadline');
  else if (bidsClosed(value.bidDeadline, now)) addIssue(SEALED_BID_MESSAGES.deadlineInPast, 'bidDeadline');
}

/** A bid's total as shown: 'Sealed' until the bids are opened. */
export const shownBidTotal = (total: number | null): string =>
  total === null ? 'Sealed' : formatNaira(total);
