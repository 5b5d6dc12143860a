import {
  createChangeOrderFields,
  type ChangeOrderDto,
  type CreateChangeOrderFields,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import { linesTotal } from '@trowel/shared/money/line-total.ts';
import { bodySchema, typedNumber } from '../../../lib/form-schema.ts';

/** A change order as typed: numbers stay text until sent. */
export interface ChangeOrderFormValues {
  description: string;
  reason: string;
  items: Array<{ description: string; quantity: string; unit: string; unitPrice: string }>;
  scheduleImpactDays: string;
  internalNotes: string;
  withInstallment: boolean;
  installmentAmount: string;
  installmentDueDate: string;
}

export const blankLine = () => ({ description: '', quantity: '', unit: '', unitPrice: '' });

export const emptyChangeOrder = (): ChangeOrderFormValues => ({
  description: '',
  reason: '',
  items: [blankLine()],
  scheduleImpactDays: '0',
  internalNotes: '',
  withInstallment: false,
  installmentAmount: '',
  installmentDueDate: '',
});

/** A draft's values, to edit it. */
export function changeOrderValues(order: ChangeOrderDto): ChangeOrderFormValues {
  return {
    description: order.description,
    reason: order.reason,
    items: order.items.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unit: line.unit,
      unitPrice: String(line.unitPrice),
    })),
    scheduleImpactDays: String(order.scheduleImpactDays),
    internalNotes: order.internalNotes ?? '',
    withInstallment: order.installment !== null,
    installmentAmount: order.installment ? String(order.installment.amount) : '',
    installmentDueDate: order.installment?.dueDate ?? '',
  };
}

/** The lines' total as typed, by the rule the server totals with (half up to the kobo). */
export function typedTotal(items: ChangeOrderFormValues['items']): number {
  const lines = items.map((item) => ({
    quantity: typedNumber(item.quantity) ?? 0,
    unitPrice: typedNumber(item.unitPrice) ?? 0,
  }));
  const total = linesTotal(lines);
  return Number.isFinite(total) ? total : 0;
}

/** The body of POST /projects/{id}/change-orders, checked by its shared schema. */
export function changeOrderBody(values: ChangeOrderFormValues) {
  return {
    description: values.description,
    reason: values.reason,
    items: values.items.map((item) => ({
      description: item.description,
      quantity: typedNumber(item.quantity),
      unit: item.unit,
      unitPrice: typedNumber(item.unitPrice),
    })),
    scheduleImpactDays: typedNumber(values.scheduleImpactDays) ?? 0,
    internalNotes: values.internalNotes,
    installment: values.withInstallment
      ? { amount: typedNumber(values.installmentAmount), dueDate: values.installmentDueDate }
      : null,
  };
}

export const changeOrderFormSchema = bodySchema(changeOrderBody, createChangeOrderFields);
export type ChangeOrderFormOutput = CreateChangeOrderFields;
