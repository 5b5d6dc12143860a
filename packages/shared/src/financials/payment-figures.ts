import { fromKobo, toKobo } from '../money/kobo.ts';
import type { InstallmentStatus } from './financials.schemas.ts';

/**
 * What a client has paid and still owes, one rule for every answer, screen and export that shows it:
 * project value = the value recorded in the financials (the original contract) + the approved change
 * orders (variations); amount paid = initial payment + paid installments; outstanding balance =
 * project value − amount paid.
 * Computed in whole kobo. Spec 2 §2 recomputes the outstanding balance as value − initial payment, the
 * initial payment being what was paid so far (spec 2 §3 shows it as Amount Paid); an installment once
 * paid is paid too, so the two readings agree until an installment is paid, and this one after.
 */

/** The installment status that counts as paid (stored as such; an overdue one is unpaid). */
export const PAID_INSTALLMENT_STATUS = 'paid' satisfies InstallmentStatus;

/** A project's (or several projects') money from its client, in whole kobo. */
export interface PaymentTotalsKobo {
  /** The value recorded in the financials: the original contract. */
  valueKobo: number;
  /** The sum of the approved change orders. */
  variationsKobo: number;
  initialPaymentKobo: number;
  /** The sum of the installments marked paid. */
  paidInstallmentsKobo: number;
}

/** The figures a client sees, in naira. */
export interface PaymentFigures {
  /** The value recorded in the financials, before variations. */
  originalValue: number;
  /** The approved change orders added up. */
  approvedVariations: number;
  /** The current value: the original value plus the approved variations. */
  totalProjectValue: number;
  amountPaid: number;
  outstandingBalance: number;
}

/** The sum of the paid installments, in whole kobo. */
export function paidInstallmentsKobo(
  installments: ReadonlyArray<{ amountKobo: number; status: InstallmentStatus }>,
): number {
  return installments
    .filter((installment) => installment.status === PAID_INSTALLMENT_STATUS)
    .reduce((sum, installment) => sum + installment.amountKobo, 0);
}

/** Totals of several projects added up; null when none of them has financials recorded. */
export function addPaymentTotals(list: ReadonlyArray<PaymentTotalsKobo | null>): PaymentTotalsKobo | null {
  return list.reduce<PaymentTotalsKobo | null>(
    (sum, totals) =>
      totals === null
        ? sum
        : {
            valueKobo: (sum?.valueKobo ?? 0) + totals.valueKobo,
            variationsKobo: (sum?.variationsKobo ?? 0) + totals.variationsKobo,
            initialPaymentKobo: (sum?.initialPaymentKobo ?? 0) + totals.initialPaymentKobo,
            paidInstallmentsKobo: (sum?.paidInstallmentsKobo ?? 0) + totals.paidInstallmentsKobo,
          },
    null,
  );
}

/** Whole kobo paid: the initial payment plus the paid installments. */
export function amountPaidKobo(totals: PaymentTotalsKobo): number {
  return totals.initialPaymentKobo + totals.paidInstallmentsKobo;
}

/** Whole kobo of the current value: the original value plus the approved variations. */
export function currentValueKobo(totals: Pick<PaymentTotalsKobo, 'valueKobo' | 'variationsKobo'>): number {
  return totals.valueKobo + totals.variationsKobo;
}

/**
 * Original value, approved variations, current value, amount paid and outstanding balance from totals
 * in kobo. The rule is a sum, so totals summed over several projects give the sums of their figures.
 */
export function paymentFigures(totals: PaymentTotalsKobo): PaymentFigures {
  const paid = amountPaidKobo(totals);
  const value = currentValueKobo(totals);
  return {
    originalValue: fromKobo(totals.valueKobo),
    approvedVariations: fromKobo(totals.variationsKobo),
    totalProjectValue: fromKobo(value),
    amountPaid: fromKobo(paid),
    outstandingBalance: fromKobo(value - paid),
  };
}

/**
 * The figures of one project's financials, as recorded or as typed on the form (naira): the value
 * typed is the original one, to which the approved variations add.
 */
export function financialsFigures(
  originalValue: number,
  initialPayment: number,
  installments: ReadonlyArray<{ amount: number; status: InstallmentStatus }>,
  approvedVariations = 0,
): PaymentFigures {
  return paymentFigures({
    valueKobo: toKobo(originalValue),
    variationsKobo: toKobo(approvedVariations),
    initialPaymentKobo: toKobo(initialPayment),
    paidInstallmentsKobo: paidInstallmentsKobo(
      installments.map(({ amount, status }) => ({ amountKobo: toKobo(amount), status })),
    ),
  });
}
