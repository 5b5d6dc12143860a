import { describe, expect, it } from 'vitest';
import { counterOfferInput, negotiateInput, rejectNegotiationInput } from './negotiation.schemas.ts';

const item = '7d4f2b9c-1c1e-4a53-9f3e-0d6b5f3e2a11';
const vendor = '0b0c6a3e-5d7f-4f7e-8a51-2f8c7f1e9d22';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('negotiation inputs', () => {
  const valid = {
    vendorId: vendor,
    items: [{ itemId: item, negotiatedUnitPrice: 950.5, negotiatedTotalPrice: 1901, negotiationNotes: '' }],
    negotiationNotes: 'Bulk order',
    totalAmount: 1901,
  };

  it('accepts an offer and defaults the counter flag', () => {
    const parsed = negotiateInput.parse(valid);
    expect(parsed.isCounterOffer).toBe(false);
  });

  it('gives the spec texts for a zero price, an empty total and blank notes', () => {
    expect(
      firstMessage(negotiateInput.safeParse({ ...valid, items: [{ itemId: item, negotiatedUnitPrice: 0 }] })),
    ).toBe('Negotiated price must be greater than 0');
    expect(firstMessage(negotiateInput.safeParse({ ...valid, totalAmount: 0 }))).toBe(
      'Total negotiated amount must be greater than 0',
    );
    expect(firstMessage(negotiateInput.safeParse({ ...valid, negotiationNotes: '   ' }))).toBe(
      'Please provide negotiation notes explaining the price changes',
    );
  });

  it('refuses fractions of a kobo and a counter negotiation without its original', () => {
    expect(
      negotiateInput.safeParse({ ...valid, items: [{ itemId: item, negotiatedUnitPrice: 1.001 }] }).success,
    ).toBe(false);
    expect(firstMessage(negotiateInput.safeParse({ ...valid, isCounterOffer: true }))).toBe(
      'originalNegotiationId is required for a counter negotiation',
    );
  });

  it('gives the counter-offer texts', () => {
    expect(
      firstMessage(
        counterOfferInput.safeParse({ items: [{ itemId: item, counterUnitPrice: -1 }], totalAmount: 5 }),
      ),
    ).toBe('Price must be greater than 0');
    expect(
      firstMessage(
        counterOfferInput.safeParse({ items: [{ itemId: item, counterUnitPrice: 1 }], totalAmount: 0 }),
      ),
    ).toBe('Total amount must be greater than 0');
  });

  it('lets a rejection carry no reason', () => {
    expect(rejectNegotiationInput.parse({})).toEqual({ reason: '' });
    expect(rejectNegotiationInput.parse({ reason: ' too low ' })).toEqual({ reason: 'too low' });
  });
});
