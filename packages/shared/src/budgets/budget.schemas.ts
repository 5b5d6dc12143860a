import { z } from 'zod';
import { COST_CATEGORIES, DEFAULT_COST_CATEGORY } from '../costs/cost-categories.ts';
import { costCategoryField } from '../costs/cost.schemas.ts';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';
import { roleSchema } from '../users/user.schemas.ts';
import { statusHistoryEntryDto } from '../workflow/history.schemas.ts';
import { BUDGET_STATUSES } from './budget.machine.ts';
import { exceedsMaxAmount, hasKoboPrecision, MAX_AMOUNT } from '../money/kobo.ts';
import { hasQuantityPrecision, linesTotalKobo, MAX_QUANTITY } from '../money/line-total.ts';

/** Titles and texts of the budget screens (spec 2 §5, §8), verbatim. */
export const BUDGET_MESSAGES = {
  projectRequired: { title: 'Project Required', description: 'Please select a project.' },
  incompleteLines: {
    title: 'Incomplete Line Items',
    description: 'Please fill all required fields in budget lines.',
  },
  submissionFailed: 'Submission Failed',
  updateFailed: 'Update Failed',
  attachmentWarning: 'Attachment Upload Warning',
  downloadFailed: 'Download Failed',
  deleteFailed: 'Delete Failed',
  actionFailed: { title: 'Action Failed', description: 'Failed to update budget status. Please try again.' },
  resubmitError: 'Error',
  addFailed: 'Failed to add budget',
  updateFailedMessage: 'Failed to update budget',
  refreshFailed: 'Failed to refresh budgets',
  financialsFailed: 'Failed to update project financials',
  unauthorized: { title: 'Unauthorized', description: "You don't have permission to view this page." },
} as const;

const joined = (message: { title: string; description: string }) =>
  `${message.title}: ${message.description}`;
export const PROJECT_REQUIRED = joined(BUDGET_MESSAGES.projectRequired);
export const INCOMPLETE_LINES = joined(BUDGET_MESSAGES.incompleteLines);

export const budgetStatusSchema = z.enum(BUDGET_STATUSES);

const required = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);

/** One line of a budget as sent: description, quantity and unit price required; the total is the server's. */
export const budgetLineInput = z.object({
  id: z.string().max(64).optional(),
  description: z
    .string({ error: INCOMPLETE_LINES })
    .trim()
    .min(1, INCOMPLETE_LINES)
    .max(500, 'Line descriptions must be at most 500 characters'),
  quantity: required(
    z.coerce
      .number({ error: INCOMPLETE_LINES })
      .positive('Quantity must be greater than 0')
      .max(MAX_QUANTITY, 'Quantity is too large')
      .refine(hasQuantityPrecision, 'Quantity has at most three decimals'),
  ),
  unitPrice: required(
    z.coerce
      .number({ error: INCOMPLETE_LINES })
      .min(0, 'Unit price cannot be negative')
      .max(MAX_AMOUNT, 'Unit price is too large')
      .refine(hasKoboPrecision, 'Unit price has at most two decimals'),
  ),
  notes: z.string().trim().max(2000, 'Notes must be at most 2,000 characters').optional().default(''),
  /** What the line is for (materials unless chosen), to set against what is spent. */
  category: costCategoryField('category').optional().default(DEFAULT_COST_CATEGORY),
});
export type BudgetLineInput = z.output<typeof budgetLineInput>;

/** `items` as a form sends it: a JSON string (multipart), or the array itself. */
const lineItems = z
  .union([z.string(), z.array(z.unknown())], { error: INCOMPLETE_LINES })
  .transform((value, context) => {
    if (Array.isArray(value)) return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'items must be a JSON list of budget lines' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(budgetLineInput, { error: 'items must be a list of budget lines' })
      .min(1, 'A budget needs at least one line')
      .max(200, 'A budget has at most 200 lines')
      .refine((lines) => !exceedsMaxAmount(linesTotalKobo(lines)), 'The budget total is too large'),
  );

const remarks = (field: string) =>
  z.string().trim().max(5000, `${field} must be at most 5,000 characters`).optional();

/**
 * POST /budgets (JSON, or multipart with documents in `files` and `items` as a JSON string). Without a
 * status the budget enters the chain where its author stands; `draft` keeps it to its author. Nothing
 * is ever created in another status.
 */
export const createBudgetFields = z.object({
  projectId: z.uuid({ error: PROJECT_REQUIRED }),
  items: lineItems,
  remarks: remarks('Remarks'),
  status: z
    .literal('draft', {
      error: "status may only be 'draft' on create: a budget enters its approval chain by itself",
    })
    .optional(),
});
export type CreateBudgetFields = z.output<typeof createBudgetFields>;

/**
 * PUT /budgets/{id}: the full body; a field left out keeps its value. `status: 'resubmit'` sends a
 * draft or a returned budget (back) into the chain.
 */
/** The refusal of a status an edit cannot set. */
export const BUDGET_STATUS_ON_EDIT =
  "status may only be 'resubmit' or the budget's current status on edit; reviews have their own calls";

export const updateBudgetFields = z.object({
  projectId: z.uuid({ error: PROJECT_REQUIRED }).optional(),
  items: lineItems.optional(),
  remarks: remarks('Remarks'),
  /** 'resubmit', or the budget's status as it is (a full body sent back unchanged); nothing else. */
  status: z
    .union([z.literal('resubmit'), z.enum(BUDGET_STATUSES)], { error: BUDGET_STATUS_ON_EDIT })
    .optional(),
});
export type UpdateBudgetFields = z.output<typeof updateBudgetFields>;

/** The body of a review step: the reviewer's remarks (`qsRemarks` for the QS's steps). */
export const budgetTransitionInput = z
  .object({ remarks: remarks('Remarks'), qsRemarks: remarks('QS remarks') })
  .default({});
export type BudgetTransitionInput = z.output<typeof budgetTransitionInput>;

const statusFilter = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()))
  .pipe(
    z
      .array(
        z.enum(BUDGET_STATUSES, {
          error: `status must be one or more of ${BUDGET_STATUSES.join(', ')}`,
        }),
      )
      .min(1)
      .max(BUDGET_STATUSES.length),
  );

/** GET /budgets and GET /budgets/project/{id}: newest first. */
export const listBudgetsQuery = pageQuery(10).extend({
  projectId: z.uuid({ error: 'projectId must be a valid id' }).optional(),
  status: statusFilter.optional(),
});
export type ListBudgetsQuery = z.output<typeof listBudgetsQuery>;

export const budgetItemDto = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  notes: z.string(),
  category: z.enum(COST_CATEGORIES),
  total: z.number(),
});
export type BudgetItemDto = z.infer<typeof budgetItemDto>;

const budgetPerson = z.object({ id: z.string(), name: z.string(), role: roleSchema });

export const budgetDto = z.object({
  id: z.string(),
  projectId: z.string(),
  project: z.object({ id: z.string(), title: z.string(), projectLeadId: z.string().nullable() }),
  items: z.array(budgetItemDto),
  totalAmount: z.number(),
  remarks: z.string(),
  qsRemarks: z.string(),
  attachments: z.array(attachmentDto),
  status: budgetStatusSchema,
  /** Who wrote it (the spec's `user`; `author` names the same person). */
  user: budgetPerson,
  author: budgetPerson,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Every create, edit, step and document change, oldest first. */
  history: z.array(statusHistoryEntryDto),
});
export type BudgetDto = z.infer<typeof budgetDto>;

export const budgetAnswer = ok({ budget: budgetDto });
export const budgetListAnswer = okList('budgets', budgetDto);
export type BudgetAnswer = z.output<typeof budgetAnswer>;
export type BudgetListAnswer = z.output<typeof budgetListAnswer>;
