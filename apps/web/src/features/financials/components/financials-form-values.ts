import { financialsFigures } from '@trowel/shared/financials/payment-figures.ts';
import {
  financialsInput,
  type FinancialsDto,
  type InstallmentStatus,
} from '@trowel/shared/financials/financials.schemas.ts';
import { bodySchema } from '../../../lib/form-schema.ts';
import { amountOf, amountText } from './amount-text.ts';

/** An installment as typed; `savedId` is the recorded installment's id (none for a new one). */
export interface InstallmentValues {
  savedId?: string;
  amount: string;
  dueDate: string;
  status: InstallmentStatus;
}

/** Amounts as typed, with their thousands separators. */
export interface FinancialsFormValues {
  /** The original (contract) value: approved change orders add to it by themselves. */
  totalProjectValue: string;
  initialPayment: string;
  installments: InstallmentValues[];
  /** The approved change orders as recorded (not typed): owed on top of the value. */
  approvedVariations: number;
}

export const newInstallment = (): InstallmentValues => ({ amount: '', dueDate: '', status: 'pending' });

export function financialsValues(financials: FinancialsDto | null): FinancialsFormValues {
  return {
    totalProjectValue: financials ? amountText(financials.originalValue) : '',
    initialPayment: financials ? amountText(financials.initialPayment) : '',
    installments:
      financials && financials.installments.length > 0
        ? financials.installments.map((row) => ({
            savedId: row.id,
            amount: amountText(row.amount),
            dueDate: row.dueDate,
            status: row.status,
          }))
        : [newInstallment()],
    approvedVariations: financials?.approvedVariations ?? 0,
  };
}

/** What the client paid and owes on the typed figures, by the rule the server answers with. */
export const typedFigures = (values: FinancialsFormValues) =>
  financialsFigures(
    amountOf(values.totalProjectValue),
    amountOf(values.initialPayment),
    values.installments.map((row) => ({ amount: amountOf(row.amount), status: row.status })),
    values.approvedVariations ?? 0,
  );

/** The financials checked as PUT /projects/{id}/financials checks them (its texts name the fields). */
export const financialsFormSchema = bodySchema(
  (values: FinancialsFormValues) => ({
    totalProjectValue: amountOf(values.totalProjectValue),
    initialPayment: amountOf(values.initialPayment),
    outstandingBalance: typedFigures(values).outstandingBalance,
    installments: values.installments.map(({ savedId, amount, ...row }) => ({
      ...(savedId ? { id: savedId } : {}),
      amount: amountOf(amount),
      ...row,
    })),
  }),
  financialsInput,
);
