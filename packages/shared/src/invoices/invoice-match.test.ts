import { describe, expect, it } from 'vitest';
import { matchInvoice, type OrderLineFacts } from './invoice-match.ts';

const cement: OrderLineFacts = {
  itemId: 'cement',
  name: 'Cement',
  unit: 'bags',
  quantity: 100,
  quantityReceived: 60,
  quantityInvoiced: 20,
  unitPrice: 5000,
};

describe('matchInvoice', () => {
  it('matches a line within what was received and at the agreed price', () => {
    const result = matchInvoice([{ itemId: 'cement', quantity: 40, unitPrice: 5000 }], [cement]);
    expect(result.matchStatus).toBe('matched');
    expect(result.subtotalKobo).toBe(20_000_000);
    expect(result.lines[0]).toMatchObject({ totalPrice: 200_000, receivedQuantity: 60, differences: [] });
  });

  it('finds billing beyond what was received, counting earlier invoices', () => {
    const result = matchInvoice([{ itemId: 'cement', quantity: 41, unitPrice: 5000 }], [cement]);
    expect(result.matchStatus).toBe('disputed');
    expect(result.lines[0]!.differences.map((difference) => difference.kind)).toEqual([
      'billed_more_than_received',
    ]);
  });

  it('finds a price above the agreed one, to the kobo', () => {
    const result = matchInvoice([{ itemId: 'cement', quantity: 1, unitPrice: 5000.01 }], [cement]);
    expect(result.lines[0]!.differences.map((difference) => difference.kind)).toEqual(['price_above_agreed']);
    expect(matchInvoice([{ itemId: 'cement', quantity: 1, unitPrice: 4999 }], [cement]).matchStatus).toBe(
      'matched',
    );
  });

  it('finds a line not on the order', () => {
    const result = matchInvoice([{ itemId: 'sand', quantity: 1, unitPrice: 10 }], [cement]);
    expect(result.lines[0]).toMatchObject({ name: null, differences: [{ kind: 'not_on_order' }] });
    expect(result.matchStatus).toBe('disputed');
  });
});
