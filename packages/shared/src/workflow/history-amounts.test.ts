import { describe, expect, it } from 'vitest';
import { historyAmount, nairaInHistory } from './history-amounts.ts';

describe('amounts in history remarks', () => {
  it('are stored with two decimals and the currency code', () => {
    expect(historyAmount(2776000)).toBe('2776000.00 NGN');
    expect(historyAmount(1234567.8)).toBe('1234567.80 NGN');
  });

  it('are shown as naira, every one of them, and the rest of the text as it was', () => {
    expect(nairaInHistory('Obi Building Materials Ltd, total 2776000.00 NGN')).toBe(
      'Obi Building Materials Ltd, total ₦2,776,000.00',
    );
    expect(nairaInHistory(`Offer ${historyAmount(2704000)} against ${historyAmount(2776000.5)}`)).toBe(
      'Offer ₦2,704,000.00 against ₦2,776,000.50',
    );
    expect(nairaInHistory('Sent to 3 vendors')).toBe('Sent to 3 vendors');
    expect(nairaInHistory('Final terms: ₦2,704,000.00')).toBe('Final terms: ₦2,704,000.00');
  });
});
