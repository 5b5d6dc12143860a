import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { NEGOTIATION_STATUSES } from '../workflow/negotiation.machine.ts';
import { AMOUNT_LIMIT_TEXT, hasKoboPrecision, MAX_AMOUNT } from '../money/kobo.ts';

/** Texts of the negotiation and counter-offer forms and their toasts (spec 3 §5, §8.2), verbatim. */
export const NEGOTIATION_MESSAGES = {
  negotiatedPriceTooLow: 'Negotiated price must be greater than 0',
  negotiatedTotalTooLow: 'Total negotiated amount must be greater than 0',
  notesRequired: 'Please provide negotiation notes explaining the price changes',
  counterPriceTooLow: 'Price must be greater than 0',
  counterTotalTooLow: 'Total amount must be greater than 0',
  validationTitle: 'Validation Error',
  fixErrors: 'Please fix the errors before submitting.',
  sent: 'Negotiation sent to vendor successfully.',
  counterSent: 'Counter negotiation sent successfully.',
  sendFailed: 'Failed to submit negotiation.',
  accepted: 'Negotiation accepted successfully.',
  acceptFailed: 'Failed to accept negotiation.',
  rejected: 'Negotiation rejected.',
  rejectFailed: 'Failed to reject negotiation.',
  counterSubmitted: 'Counter offer submitted successfully.',
  counterFailed: 'Failed to submit counter offer.',
  loadFailed: 'Failed to load negotiation data.',
  vendorOrResponseMissing: 'Vendor or response not found',
  dataNotFound: 'Data Not Found',
  vendorResponseUnavailable: 'Unable to load vendor response data.',
  negotiationUnavailable: 'Unable to load negotiation data.',
  loading: 'Loading negotiation data...',
  acceptedNote: 'You have accepted this negotiation. Waiting for final approval.',
  acceptedAwarded: 'You have accepted this negotiation. The RFQ was awarded to you at these prices.',
  acceptedNotSelected: 'You have accepted this negotiation. Another quotation was selected.',
  acceptedOnly: 'You have accepted this negotiation.',
  rejectedNote: 'You have rejected this negotiation.',
  rejectPrompt: 'Reason for rejecting this negotiation (optional):',
  finalTermsApproved: 'Final terms approved and sent for admin approval.',
} as const;

/** Further refusals of the negotiation calls (readings of the spec, not its texts). */
export const NEGOTIATION_ERRORS = {
  vendorDidNotQuote: 'This vendor has not submitted a quote for this RFQ',
  alreadyAwaiting: 'This vendor already has a negotiation awaiting their response on this RFQ',
  itemsMustMatch: 'Every item of the RFQ must be negotiated exactly once',
  counterItemsMustMatch: 'Every item of the negotiation must be countered exactly once',
  originalRequired: 'originalNegotiationId is required for a counter negotiation',
  originalNotCountered: 'A counter negotiation answers a counter offer of this vendor on this RFQ',
  negotiationIdMismatch: 'negotiationId does not match the negotiation in the path',
  rfqNotNegotiating: 'This RFQ is not under negotiation',
  noAcceptedTerms: 'Final terms can be approved only after a vendor accepted a negotiation',
  withdrawn: 'This negotiation was withdrawn: the RFQ is no longer under negotiation',
  totalTooLarge: `The total amount must be below ${AMOUNT_LIMIT_TEXT}`,
} as const;

const AMOUNTS_TOO_LARGE = `Amounts must be below ${AMOUNT_LIMIT_TEXT}`;
const price = (tooLow: string) =>
  z
    .number({ error: tooLow })
    .gt(0, tooLow)
    .max(MAX_AMOUNT, AMOUNTS_TOO_LARGE)
    .refine(hasKoboPrecision, 'Amounts have at most two decimals');
const optionalAmount = z
  .number({ error: 'Amounts must be numbers' })
  .min(0, 'Amounts must not be negative')
  .max(MAX_AMOUNT, AMOUNTS_TOO_LARGE)
  .optional();
const notes = (max: number) =>
  z.string({ error: 'Notes must be text' }).trim().max(max, `Notes must be at most ${max} characters`);
const id = (what: string) => z.uuid({ error: `${what} must be an id` });

/** POST /rfqs/{rfqId}/negotiate: staff offer a vendor new prices, item by item (totals recomputed on the server). */
export const negotiateInput = z
  .object({
    vendorId: id('vendorId'),
    items: z
      .array(
        z.object({
          itemId: id('itemId'),
          negotiatedUnitPrice: price(NEGOTIATION_MESSAGES.negotiatedPriceTooLow),
          negotiatedTotalPrice: optionalAmount,
          negotiationNotes: notes(2000).optional().default(''),
        }),
        { error: NEGOTIATION_ERRORS.itemsMustMatch },
      )
      .min(1, NEGOTIATION_ERRORS.itemsMustMatch)
      .max(1000, 'At most 1,000 items'),
    negotiationNotes: z
      .string({ error: NEGOTIATION_MESSAGES.notesRequired })
      .trim()
      .min(1, NEGOTIATION_MESSAGES.notesRequired)
      .max(5000, 'Negotiation notes must be at most 5,000 characters'),
    totalAmount: z
      .number({ error: NEGOTIATION_MESSAGES.negotiatedTotalTooLow })
      .gt(0, NEGOTIATION_MESSAGES.negotiatedTotalTooLow)
      .max(MAX_AMOUNT, AMOUNTS_TOO_LARGE)
      .optional(),
    isCounterOffer: z.boolean({ error: 'isCounterOffer must be true or false' }).optional().default(false),
    originalNegotiationId: id('originalNegotiationId').nullish(),
  })
  .refine((input) => !input.isCounterOffer || !!input.originalNegotiationId, {
    message: NEGOTIATION_ERRORS.originalRequired,
    path: ['originalNegotiationId'],
  });
export type NegotiateInput = z.input<typeof negotiateInput>;
export type NegotiateFields = z.output<typeof negotiateInput>;

/** POST /rfqs/{id}/negotiations/{negotiationId}/reject: the reason may be empty. */
export const rejectNegotiationInput = z.object({
  reason: notes(2000).optional().default(''),
});
export type RejectNegotiationInput = z.input<typeof rejectNegotiationInput>;

/** POST /rfqs/{id}/negotiations/{negotiationId}/counter: the vendor's own prices, item by item. */
export const counterOfferInput = z.object({
  negotiationId: id('negotiationId').optional(),
  items: z
    .array(
      z.object({
        itemId: id('itemId'),
        counterUnitPrice: price(NEGOTIATION_MESSAGES.counterPriceTooLow),
        counterTotalPrice: optionalAmount,
      }),
      { error: NEGOTIATION_ERRORS.counterItemsMustMatch },
    )
    .min(1, NEGOTIATION_ERRORS.counterItemsMustMatch)
    .max(1000, 'At most 1,000 items'),
  notes: notes(5000).optional().default(''),
  totalAmount: z
    .number({ error: NEGOTIATION_MESSAGES.counterTotalTooLow })
    .gt(0, NEGOTIATION_MESSAGES.counterTotalTooLow)
    .max(MAX_AMOUNT, AMOUNTS_TOO_LARGE),
});
export type CounterOfferInput = z.input<typeof counterOfferInput>;
export type CounterOfferFields = z.output<typeof counterOfferInput>;

/** One item of a negotiation: the quote's price, staff's offer and, once countered, the vendor's. */
export const negotiationItemDto = z.object({
  id: z.string(),
  itemId: z.string(),
  item: z.object({
    name: z.string(),
    description: z.string(),
    quantity: z.number(),
    unit: z.string(),
  }),
  originalUnitPrice: z.number(),
  originalTotalPrice: z.number(),
  negotiatedUnitPrice: z.number(),
  negotiatedTotalPrice: z.number(),
  negotiationNotes: z.string(),
  counterUnitPrice: z.number().nullable(),
  counterTotalPrice: z.number().nullable(),
});
export type NegotiationItem = z.infer<typeof negotiationItemDto>;

/** A negotiation as staff and the vendor it is addressed to see it (spec 3 §3). */
export const negotiationDto = z.object({
  id: z.string(),
  /** The number shown on badges ('Negotiation #12'). */
  number: z.number().int(),
  rfqId: z.string(),
  vendorId: z.string(),
  vendor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  negotiatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(NEGOTIATION_STATUSES),
  isCounterOffer: z.boolean(),
  originalNegotiationId: z.string().nullable(),
  items: z.array(negotiationItemDto),
  /** The vendor's quote total when the negotiation was sent. */
  originalTotal: z.number(),
  totalAmount: z.number(),
  negotiationNotes: z.string(),
  rejectionReason: z.string().nullable(),
  counterTotalAmount: z.number().nullable(),
  counterNotes: z.string().nullable(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NegotiationDto = z.infer<typeof negotiationDto>;

/** A negotiation item as the staff RFQ detail lists it: named by its RFQ item, without an id of its own. */
export const listedNegotiationItemDto = negotiationItemDto.omit({ id: true });
export type ListedNegotiationItem = z.infer<typeof listedNegotiationItemDto>;

/**
 * A negotiation as the staff RFQ detail lists it: the latest round with each vendor carries its items;
 * earlier rounds leave them out (GET /rfqs/{id}/negotiations/{negotiationId} answers every round in
 * full), so an RFQ with many vendors, items and rounds stays a small answer. `itemCount` is on every
 * round.
 */
export const listedNegotiationDto = negotiationDto.extend({
  items: z.array(listedNegotiationItemDto).optional(),
  itemCount: z.number().int(),
});
export type ListedNegotiationDto = z.infer<typeof listedNegotiationDto>;

/** POST /rfqs/{id}/negotiations/{negotiationId}/approve-final-terms: optional notes for the administrator. */
export const approveFinalTermsInput = z.object({
  notes: notes(2000).optional(),
});

export const negotiationAnswer = ok({ negotiation: negotiationDto });
/** The answer of a negotiation step: the negotiation as it now is, and the toast's text. */
export const negotiationMessageAnswer = ok({ negotiation: negotiationDto, message: z.string() });
export type NegotiationAnswer = z.output<typeof negotiationAnswer>;
export type NegotiationMessageAnswer = z.output<typeof negotiationMessageAnswer>;
