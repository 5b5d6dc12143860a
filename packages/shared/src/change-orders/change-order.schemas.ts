import { z } from 'zod';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { calendarDate } from '../format/calendar-date.ts';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';
import { exceedsMaxAmount, hasKoboPrecision, MAX_AMOUNT } from '../money/kobo.ts';
import { hasQuantityPrecision, linesTotalKobo, MAX_QUANTITY } from '../money/line-total.ts';
import { roleSchema } from '../users/user.schemas.ts';
import { statusHistoryEntryDto } from '../workflow/history.schemas.ts';
import { CHANGE_ORDER_STATUSES } from './change-order.machine.ts';

/** Texts of the change-order screens and refusals. */
export const CHANGE_ORDER_MESSAGES = {
  title: 'Change Orders',
  empty: 'No change orders yet',
  emptyStaff: 'Variations agreed on site are drafted here and sent to the client for approval.',
  emptyClient: 'Variations the team sends you for approval will show here.',
  loadFailed: 'Failed to load change orders',
  saveFailed: 'Failed to save the change order',
  actionFailed: 'Failed to update the change order',
  incompleteLines: 'Every line needs a description, a quantity and a unit price',
  installmentAboveTotal: 'installment.amount cannot exceed the change order total',
  notDraft: 'Only a draft change order can be edited',
  contractValueFirst:
    "Record the project's contract value on its Financials before sending a change order to the client: the change order varies that value",
  contractValueMissing: 'No contract value yet',
  signOff:
    'By typing your name you approve this change order, its cost and its effect on the end date, as your signature.',
  signedNameRequired: 'Type your full name to approve',
  declineReasonRequired: 'Give a reason for declining',
  newChangeOrder: 'New change order',
  saveDraft: 'Save draft',
  saveChanges: 'Save changes',
  approveAndSign: 'Approve and sign',
  sendConfirm: 'The client is told and may approve or decline it. It can no longer be edited.',
  withdrawConfirm: 'The client can no longer answer it. This cannot be undone.',
  approved: 'Change order approved',
  declined: 'Change order declined',
} as const;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max.toLocaleString('en-US')} characters`);

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max.toLocaleString('en-US')} characters`);

/** Empty text (a cleared form field) counts as not given. */
const given = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);

/** A structured field as a form sends it: a JSON string (multipart), or the value itself. */
function jsonField<T extends z.ZodType>(field: string, schema: T) {
  return z
    .unknown()
    .transform((value, context) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `${field} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** One line of a change order as sent: the total is the server's (quantity × unit price, half up). */
export const changeOrderLineInput = z.object({
  description: text('Line description', 500),
  quantity: given(
    z.coerce
      .number({ error: CHANGE_ORDER_MESSAGES.incompleteLines })
      .positive('Quantity must be greater than 0')
      .max(MAX_QUANTITY, 'Quantity is too large')
      .refine(hasQuantityPrecision, 'Quantity has at most three decimals'),
  ),
  unit: optionalText('Unit', 40).optional().default(''),
  unitPrice: given(
    z.coerce
      .number({ error: CHANGE_ORDER_MESSAGES.incompleteLines })
      .min(0, 'Unit price cannot be negative')
      .max(MAX_AMOUNT, 'Unit price is too large')
      .refine(hasKoboPrecision, 'Unit price has at most two decimals'),
  ),
});
export type ChangeOrderLineInput = z.output<typeof changeOrderLineInput>;

const lines = jsonField(
  'items',
  z
    .array(changeOrderLineInput, { error: 'items must be a list of lines' })
    .min(1, 'A change order needs at least one line')
    .max(100, 'A change order has at most 100 lines')
    .refine((rows) => !exceedsMaxAmount(linesTotalKobo(rows)), 'The change order total is too large'),
);

/** The installment an approval adds to the project's financials: what the client pays for the variation. */
export const changeOrderInstallmentInput = z.object({
  amount: z.coerce
    .number({ error: 'installment.amount must be a number' })
    .positive('installment.amount must be greater than 0')
    .max(MAX_AMOUNT, 'installment.amount is too large')
    .refine(hasKoboPrecision, 'installment.amount has at most two decimals'),
  dueDate: calendarDate('installment.dueDate must be a date (YYYY-MM-DD)', 'installment.dueDate is required'),
});

/** The most days a change order moves the end date, either way. */
export const MAX_SCHEDULE_IMPACT_DAYS = 3650;

const scheduleImpactDays = z.coerce
  .number({ error: 'scheduleImpactDays must be a whole number of days' })
  .int('scheduleImpactDays must be a whole number of days')
  .min(-MAX_SCHEDULE_IMPACT_DAYS, `scheduleImpactDays must be at least -${MAX_SCHEDULE_IMPACT_DAYS}`)
  .max(MAX_SCHEDULE_IMPACT_DAYS, `scheduleImpactDays must be at most ${MAX_SCHEDULE_IMPACT_DAYS}`);

const fields = {
  description: text('description', 2000),
  reason: text('reason', 2000),
  items: lines,
  /** Days the variation moves the end date: later (positive), none (0) or earlier (negative). */
  scheduleImpactDays: given(scheduleImpactDays),
  /** Staff only: never shown to the client. */
  internalNotes: optionalText('internalNotes', 5000),
  /** Optional; null (or an empty value) for none. */
  installment: z.preprocess(
    (value) => (value === '' || value === 'null' ? null : value),
    jsonField('installment', changeOrderInstallmentInput.nullable()),
  ),
};

/**
 * POST /projects/{id}/change-orders: JSON, or multipart with attachments in `files` and `items`
 * (and `installment`) as JSON strings. A new change order is a draft; its totals are the server's.
 */
export const createChangeOrderFields = z.object({
  ...fields,
  scheduleImpactDays: fields.scheduleImpactDays.default(0),
  internalNotes: fields.internalNotes.optional().default(''),
  installment: fields.installment.optional().default(null),
});
export type CreateChangeOrderFields = z.output<typeof createChangeOrderFields>;

/** PUT /change-orders/{id} (draft only): the same fields; one left out keeps its value; more files add to it. */
export const updateChangeOrderFields = z.object({
  description: fields.description.optional(),
  reason: fields.reason.optional(),
  items: fields.items.optional(),
  scheduleImpactDays: fields.scheduleImpactDays.optional(),
  internalNotes: fields.internalNotes.optional(),
  installment: fields.installment.optional(),
});
export type UpdateChangeOrderFields = z.output<typeof updateChangeOrderFields>;

/** POST /change-orders/{id}/send and /withdraw: an optional note for the history. */
export const changeOrderStepInput = z
  .object({ remarks: optionalText('remarks', 2000).optional() })
  .default({});
export type ChangeOrderStepInput = z.output<typeof changeOrderStepInput>;

/**
 * POST /change-orders/{id}/approve: the client's typed name, kept with the time as their sign-off.
 * Any non-empty name is accepted: it is recorded beside the account that signed.
 */
export const approveChangeOrderInput = z.object({
  signedName: z
    .string({ error: CHANGE_ORDER_MESSAGES.signedNameRequired })
    .trim()
    .min(2, CHANGE_ORDER_MESSAGES.signedNameRequired)
    .max(200, 'signedName must be at most 200 characters'),
});
export type ApproveChangeOrderInput = z.output<typeof approveChangeOrderInput>;

/** POST /change-orders/{id}/decline: the client's reason, required. */
export const declineChangeOrderInput = z.object({
  reason: z
    .string({ error: CHANGE_ORDER_MESSAGES.declineReasonRequired })
    .trim()
    .min(1, CHANGE_ORDER_MESSAGES.declineReasonRequired)
    .max(2000, 'reason must be at most 2,000 characters'),
});
export type DeclineChangeOrderInput = z.output<typeof declineChangeOrderInput>;

export const changeOrderStatusSchema = z.enum(CHANGE_ORDER_STATUSES);

/** GET /projects/{id}/change-orders: newest first. */
export const listChangeOrdersQuery = pageQuery(20).extend({
  status: z
    .enum(CHANGE_ORDER_STATUSES, { error: `status must be one of ${CHANGE_ORDER_STATUSES.join(', ')}` })
    .optional(),
});
export type ListChangeOrdersQuery = z.output<typeof listChangeOrdersQuery>;

export const changeOrderLineDto = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number(),
  /** quantity × unit price, half up to the kobo. */
  total: z.number(),
});
export type ChangeOrderLineDto = z.infer<typeof changeOrderLineDto>;

const person = z.object({ id: z.string(), name: z.string(), role: roleSchema });

export const changeOrderDto = z.object({
  id: z.string(),
  projectId: z.string(),
  project: z.object({ id: z.string(), title: z.string() }),
  /** CO-001, numbered per project. */
  number: z.string(),
  description: z.string(),
  reason: z.string(),
  items: z.array(changeOrderLineDto),
  /** The sum of the lines: what an approval adds to the project's value. */
  totalAmount: z.number(),
  scheduleImpactDays: z.number().int(),
  installment: z.object({ amount: z.number(), dueDate: z.string() }).nullable(),
  /** Staff only; null for the client. */
  internalNotes: z.string().nullable(),
  status: changeOrderStatusSchema,
  attachments: z.array(attachmentDto),
  createdBy: person.nullable(),
  sentAt: z.string().nullable(),
  /** The client's sign-off: the name they typed, when, and the account it came from. */
  signedName: z.string().nullable(),
  signedAt: z.string().nullable(),
  answeredBy: person.nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(statusHistoryEntryDto),
});
export type ChangeOrderDto = z.infer<typeof changeOrderDto>;

export const changeOrderAnswer = ok({ changeOrder: changeOrderDto });
export const changeOrderListAnswer = okList('changeOrders', changeOrderDto).extend({
  /**
   * For those who may draft: whether the project's contract value is recorded, which sending a change
   * order needs (the screen says so before Send is offered). Left out for the others.
   */
  contractValueRecorded: z.boolean().optional(),
});
export type ChangeOrderAnswer = z.output<typeof changeOrderAnswer>;
export type ChangeOrderListAnswer = z.output<typeof changeOrderListAnswer>;

/** A change order's reference: CO-001 (per project), wider past 999. */
export function changeOrderNumber(sequence: number): string {
  return `CO-${String(sequence).padStart(3, '0')}`;
}
