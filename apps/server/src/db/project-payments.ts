import { sql } from 'drizzle-orm';
import {
  PAID_INSTALLMENT_STATUS,
  type PaymentTotalsKobo,
} from '@trowel/shared/financials/payment-figures.ts';
import { projectFinancials, projectInstallments } from './schema/budgets.ts';
import { changeOrders } from './schema/change-orders.ts';
import { projects } from './schema/projects.ts';

const valueKobo = sql<
  string | null
>`(select ${projectFinancials.totalValueKobo} from ${projectFinancials} where ${projectFinancials.projectId} = ${projects.id})`;
const initialPaymentKobo = sql<
  string | null
>`(select ${projectFinancials.initialPaymentKobo} from ${projectFinancials} where ${projectFinancials.projectId} = ${projects.id})`;
const paidInstallmentsKobo = sql<
  string | null
>`(select sum(${projectInstallments.amountKobo}) from ${projectInstallments} where ${projectInstallments.projectId} = ${projects.id} and ${projectInstallments.status} = ${sql.raw(`'${PAID_INSTALLMENT_STATUS}'`)})`;

/** The approved change orders of a `projects` row, added up (the partial index on approved ones). */
const variationsKobo = sql<
  string | null
>`(select sum(${changeOrders.totalKobo}) from ${changeOrders} where ${changeOrders.projectId} = ${projects.id} and ${changeOrders.status} = 'approved')`;

/**
 * A project's recorded money from its client beside its `projects` row, in kobo: the value, the
 * approved variations, the initial payment and the paid installments, null while no financials are
 * recorded. The shared payment rule (financials/payment-figures.ts) turns them into the current value,
 * amount paid and outstanding balance.
 */
export const projectPaymentColumns = { valueKobo, variationsKobo, initialPaymentKobo, paidInstallmentsKobo };

/** The same summed over grouped `projects` rows (null where none of them has financials recorded). */
export const projectPaymentSums = {
  valueKobo: sql<string | null>`sum(${valueKobo})`,
  variationsKobo: sql<string | null>`sum(${variationsKobo}) filter (where ${valueKobo} is not null)`,
  initialPaymentKobo: sql<string | null>`sum(${initialPaymentKobo})`,
  paidInstallmentsKobo: sql<string | null>`sum(${paidInstallmentsKobo})`,
};

/** Totals as the database answers them, as the shared rule takes them; null when none are recorded. */
export function paymentTotalsOf(row: {
  valueKobo: string | number | null;
  variationsKobo: string | number | null;
  initialPaymentKobo: string | number | null;
  paidInstallmentsKobo: string | number | null;
}): PaymentTotalsKobo | null {
  if (row.valueKobo === null) return null;
  return {
    valueKobo: Number(row.valueKobo),
    variationsKobo: Number(row.variationsKobo ?? 0),
    initialPaymentKobo: Number(row.initialPaymentKobo ?? 0),
    paidInstallmentsKobo: Number(row.paidInstallmentsKobo ?? 0),
  };
}
