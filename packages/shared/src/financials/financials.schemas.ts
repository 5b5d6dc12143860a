import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { calendarDate } from '../format/calendar-date.ts';
import { hasKoboPrecision, MAX_AMOUNT } from '../money/kobo.ts';

export const INSTALLMENT_STATUSES = ['pending', 'paid', 'overdue'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** The financials screen's texts (spec 2 §2, §8), verbatim. */
export const FINANCIALS_MESSAGES = {
  title: 'Manage Project Financials (Admin/Accountant)',
  saveFailed: 'Failed to update project financials',
  unauthorized: { title: 'Unauthorized', description: "You don't have permission to view this page." },
} as const;

/** A non-negative naira amount with at most two decimals; errors name the field. */
export const amountField = (field: string) =>
  z
    .number({ error: `${field} must be a non-negative number` })
    .min(0, `${field} must be a non-negative number`)
    .max(MAX_AMOUNT, `${field} is too large`)
    .refine(hasKoboPrecision, `${field} has at most two decimals`);

const dueDate = (field: string) =>
  calendarDate(`${field} must be a date (YYYY-MM-DD)`, `${field} is required (YYYY-MM-DD)`);

/**
 * PUT /projects/{id}/financials: the financials object; outstandingBalance is recomputed by the server
 * (value less the amount paid). `totalProjectValue` sets the original (contract) value: approved change
 * orders add to it on their own, and answers carry it as `originalValue`.
 * A field left out keeps its recorded value; the first save needs all three.
 */
export const financialsInput = z
  .object({
    totalProjectValue: amountField('totalProjectValue').optional(),
    initialPayment: amountField('initialPayment').optional(),
    outstandingBalance: z.number().optional(),
    installments: z
      .array(z.unknown(), { error: 'installments must be a list' })
      .min(1, 'At least one installment is required')
      .max(120, 'At most 120 installments')
      .optional(),
  })
  .transform((value, context) => {
    if (value.installments === undefined) return { ...value, installments: undefined };
    const installments: Array<{ id?: string; amount: number; dueDate: string; status: InstallmentStatus }> =
      [];
    value.installments.forEach((raw, index) => {
      // Named as the form shows it: 'Installment 1 due date …'.
      const field = `Installment ${index + 1}`;
      const parsed = z
        .object({
          id: z.string().max(64).optional(),
          amount: amountField(`${field} amount`),
          dueDate: dueDate(`${field} due date`),
          status: z
            .enum(INSTALLMENT_STATUSES, { error: `${field} status must be pending, paid or overdue` })
            .default('pending'),
        })
        .safeParse(raw);
      if (parsed.success) installments.push(parsed.data);
      else context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? field });
    });
    return { ...value, installments };
  });
export type FinancialsInput = z.output<typeof financialsInput>;

/** The refusals of a save whose figures, merged with what was recorded, do not hold. */
export const FINANCIALS_ERRORS = {
  initialAboveTotal: 'initialPayment cannot exceed totalProjectValue',
  paidAboveTotal: 'initialPayment and the paid installments together cannot exceed totalProjectValue',
  firstSaveIncomplete: 'totalProjectValue, initialPayment and installments are required the first time',
} as const;

export const installmentDto = z.object({
  id: z.string(),
  amount: z.number(),
  dueDate: z.string(),
  status: z.enum(INSTALLMENT_STATUSES),
});
export type InstallmentDto = z.infer<typeof installmentDto>;

export const financialsDto = z.object({
  projectId: z.string(),
  /** The current value: the original value plus the approved change orders (payment-figures.ts). */
  totalProjectValue: z.number(),
  /** The value recorded (what PUT's totalProjectValue sets), before change orders. */
  originalValue: z.number(),
  /** The approved change orders of the project, added up. */
  approvedVariations: z.number(),
  initialPayment: z.number(),
  /** Project value less the amount paid (financials/payment-figures.ts). */
  outstandingBalance: z.number(),
  /** Initial payment plus paid installments. */
  amountPaid: z.number(),
  installments: z.array(installmentDto),
  updatedAt: z.string(),
});
export type FinancialsDto = z.infer<typeof financialsDto>;

/** `financials` is null until someone records them. */
export const financialsAnswer = ok({ financials: financialsDto.nullable() });
export type FinancialsAnswer = z.output<typeof financialsAnswer>;
