import type { ListedNegotiationDto } from '@trowel/shared/negotiations/negotiation.schemas.ts';
import type { RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import type { NegotiationSubject } from './negotiation-form.tsx';

/** What the RFQ detail passes to the negotiation form (spec 3 §2.4), all optional. */
export interface NegotiationPassedState {
  rfqData?: RfqDto;
  vendorData?: { id: string; name: string; email: string };
  vendorResponse?: RfqDto['responses'][number];
  isCounterOffer?: boolean;
  originalNegotiationId?: string;
  negotiationData?: ListedNegotiationDto;
}

/** The form's subject from an RFQ: the vendor and their response, and the counter offer answered; null when missing. */
export function subjectFrom(
  rfq: RfqDto,
  vendorId: string,
  counter: { isCounterOffer?: boolean | undefined; originalNegotiationId?: string | undefined },
): NegotiationSubject | null {
  const found = rfq.responses.find((candidate) => candidate.vendorId === vendorId);
  // A sealed bid not opened yet has no prices to negotiate on.
  if (!found || found.totalAmount === null) return null;
  const response = { ...found, totalAmount: found.totalAmount };
  const listed = counter.isCounterOffer
    ? rfq.negotiations.find((negotiation) => negotiation.id === counter.originalNegotiationId)
    : undefined;
  // Only the latest round with a vendor comes with its items, and only that one can be answered.
  const counterTo = listed?.items ? { ...listed, items: listed.items } : undefined;
  if (counter.isCounterOffer && !counterTo) return null;
  return {
    rfq: { id: rfq.id, number: rfq.number, title: rfq.title },
    vendor: { id: response.vendor.id, name: response.vendor.name, email: response.vendor.email },
    response,
    counterTo,
  };
}
