import { describe, expect, it } from 'vitest';
import { toKobo } from '../money/kobo.ts';
import {
  addPaymentTotals,
  financialsFigures,
  paidInstallmentsKobo,
  paymentFigures,
} from './payment-figures.ts';

// ₦1.45bn: ₦435M at the start, then ₦300M paid, ₦250M overdue and ₦465M still to come.
const installments = [
  { amount: 300_000_000, status: 'paid' as const },
  { amount: 250_000_000, status: 'overdue' as const },
  { amount: 465_000_000, status: 'pending' as const },
];

describe('what a client paid and still owes', () => {
  it('adds the approved variations to the original value, and owes them too', () => {
    expect(financialsFigures(1_000_000, 250_000, [{ amount: 100_000, status: 'paid' }], 200_000.5)).toEqual({
      originalValue: 1_000_000,
      approvedVariations: 200_000.5,
      totalProjectValue: 1_200_000.5,
      amountPaid: 350_000,
      outstandingBalance: 850_000.5,
    });
  });

  it('counts the initial payment and the paid installments, and owes the rest of the value', () => {
    expect(financialsFigures(1_450_000_000, 435_000_000, installments)).toEqual({
      originalValue: 1_450_000_000,
      approvedVariations: 0,
      totalProjectValue: 1_450_000_000,
      amountPaid: 735_000_000,
      outstandingBalance: 715_000_000,
    });
  });

  it('adds up: amount paid and outstanding balance make the value', () => {
    const figures = financialsFigures(1_450_000_000, 435_000_000, installments);
    expect(figures.amountPaid + figures.outstandingBalance).toBe(figures.totalProjectValue);
  });

  it('owes the value less the initial payment until an installment is paid', () => {
    const unpaid = installments.map((installment) => ({ ...installment, status: 'pending' as const }));
    expect(financialsFigures(1_450_000_000, 435_000_000, unpaid)).toMatchObject({
      amountPaid: 435_000_000,
      outstandingBalance: 1_015_000_000,
    });
  });

  it('is exact to the kobo where binary floats are not', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    const figures = financialsFigures(1, 0.1, [{ amount: 0.2, status: 'paid' }]);
    expect(figures).toEqual({
      originalValue: 1,
      approvedVariations: 0,
      totalProjectValue: 1,
      amountPaid: 0.3,
      outstandingBalance: 0.7,
    });
  });

  it('gives the sums of several projects from the sums of their totals', () => {
    const one = {
      valueKobo: toKobo(1_450_000_000),
      variationsKobo: toKobo(50_000_000),
      initialPaymentKobo: toKobo(435_000_000),
    };
    const two = {
      valueKobo: toKobo(8_000_000.5),
      variationsKobo: toKobo(0.25),
      initialPaymentKobo: toKobo(1_000_000.25),
    };
    const inKobo = (rows: typeof installments) =>
      rows.map(({ amount, status }) => ({ amountKobo: toKobo(amount), status }));
    const paidOne = paidInstallmentsKobo(inKobo(installments));
    const paidTwo = paidInstallmentsKobo([{ amountKobo: toKobo(3_500_000), status: 'paid' }]);
    expect(
      paymentFigures({
        valueKobo: one.valueKobo + two.valueKobo,
        variationsKobo: one.variationsKobo + two.variationsKobo,
        initialPaymentKobo: one.initialPaymentKobo + two.initialPaymentKobo,
        paidInstallmentsKobo: paidOne + paidTwo,
      }),
    ).toEqual({
      originalValue: 1_458_000_000.5,
      approvedVariations: 50_000_000.25,
      totalProjectValue: 1_508_000_000.75,
      amountPaid: 739_500_000.25,
      outstandingBalance: 768_500_000.5,
    });
  });

  it('adds up only the projects with financials recorded, and none is none (not a zero)', () => {
    const one = {
      valueKobo: 145_000_000_000,
      variationsKobo: 1_000,
      initialPaymentKobo: 43_500_000_000,
      paidInstallmentsKobo: 30_000_000_000,
    };
    expect(addPaymentTotals([null, null])).toBeNull();
    expect(addPaymentTotals([null, one, null, one])).toEqual({
      valueKobo: 290_000_000_000,
      variationsKobo: 2_000,
      initialPaymentKobo: 87_000_000_000,
      paidInstallmentsKobo: 60_000_000_000,
    });
  });
});
