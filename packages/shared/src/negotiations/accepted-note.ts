import type { VendorRfqStatus } from '../procurement/rfq.labels.ts';
import { NEGOTIATION_MESSAGES } from './negotiation.schemas.ts';

/**
 * What an accepted negotiation tells its vendor, by what became of the RFQ since (the status they are
 * shown): spec 3's 'Waiting for final approval' only while the decision is still to come; once
 * awarded, whether these are the prices of their purchase order; once another vendor was selected, that.
 */
export function acceptedNegotiationNote(rfqStatus: VendorRfqStatus, onPurchaseOrder: boolean): string {
  switch (rfqStatus) {
    case 'under_negotiation':
    case 'pending_admin_approval':
      return NEGOTIATION_MESSAGES.acceptedNote;
    case 'approved':
      return onPurchaseOrder ? NEGOTIATION_MESSAGES.acceptedAwarded : NEGOTIATION_MESSAGES.acceptedOnly;
    case 'not_selected':
      return NEGOTIATION_MESSAGES.acceptedNotSelected;
    case 'pending_qs_review':
    case 'pending_vendor_response':
    case 'vendor_responded':
    case 'rejected':
    case 'cancelled':
    case 'bids_closed':
      return NEGOTIATION_MESSAGES.acceptedOnly;
    default: {
      const unknown: never = rfqStatus;
      return unknown;
    }
  }
}
