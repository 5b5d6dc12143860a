import { openSecret, sealSecret } from '../../../lib/secret-box.ts';
import type { QuoteLine } from './rfqs.repository.ts';

/** A bid as it is sealed: its total and its priced lines. */
export interface BidContent {
  totalAmount: number;
  items: QuoteLine[];
}

/** The purpose a sealed bid's key is derived for: one key per RFQ (from the app secret). */
const purposeOf = (rfqId: string) => `sealed-bid:${rfqId}`;

/** Seals a bid with AES-256-GCM under a key derived from the app secret for this RFQ. */
export function sealBid(appSecret: string, rfqId: string, bid: BidContent): string {
  return sealSecret(appSecret, purposeOf(rfqId), JSON.stringify(bid));
}

/** Opens a sealed bid (only the opening does); throws when it was sealed under another secret or altered. */
export function openBid(appSecret: string, rfqId: string, sealed: string): BidContent {
  const plain = openSecret(appSecret, purposeOf(rfqId), sealed);
  if (plain === null) throw new Error(`A sealed bid of RFQ ${rfqId} cannot be opened with this APP_SECRET`);
  return JSON.parse(plain) as BidContent;
}
