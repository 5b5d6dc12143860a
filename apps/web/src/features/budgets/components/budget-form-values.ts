import { hasAtMostDecimals } from '@trowel/shared/money/kobo.ts';
import { lineTotal, linesTotal } from '@trowel/shared/money/line-total.ts';
import { createBudgetFields, type BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { DEFAULT_COST_CATEGORY, type CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { z } from 'zod';
import { bodySchema } from '../../../lib/form-schema.ts';

/** A line as typed: numbers stay text until sent. */
export interface LineValues {
  description: string;
  quantity: string;
  unitPrice: string;
  notes: string;
  category: CostCategory;
}

/** The budget form's values: the project, its lines and the remarks (documents are kept beside them). */
export interface BudgetFormValues {
  projectId: string;
  items: LineValues[];
  remarks: string;
}

export const emptyLine = (): LineValues => ({
  description: '',
  quantity: '',
  unitPrice: '',
  notes: '',
  category: DEFAULT_COST_CATEGORY,
});

export function budgetValues(budget: BudgetDto | null, projectId: string | null): BudgetFormValues {
  return {
    projectId: budget?.projectId ?? projectId ?? '',
    items:
      budget && budget.items.length > 0
        ? budget.items.map((item) => ({
            description: item.description,
            quantity: String(item.quantity),
            unitPrice: String(item.unitPrice),
            notes: item.notes,
            category: item.category,
          }))
        : [emptyLine()],
    remarks: budget?.remarks ?? '',
  };
}

/** A typed amount without its naira sign, thousands separators and spaces ('₦9,500' → '9500'). */
const bare = (text: string) => text.replace(/[₦,\s]/g, '');

const typedNumber = (text: string, decimals: number) => {
  const cleaned = bare(text);
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && value >= 0 && hasAtMostDecimals(value, decimals) ? value : null;
};

/** The line's total as the server will compute it, or 0 while it is incomplete. */
export function shownLineTotal(line: LineValues): number {
  const quantity = typedNumber(line.quantity, 3);
  const unitPrice = typedNumber(line.unitPrice, 2);
  return quantity !== null && unitPrice !== null ? lineTotal(quantity, unitPrice) : 0;
}

export const shownTotal = (lines: readonly LineValues[]) =>
  linesTotal(
    lines.map((line) => ({
      quantity: typedNumber(line.quantity, 3) ?? 0,
      unitPrice: typedNumber(line.unitPrice, 2) ?? 0,
    })),
  );

const { shape } = createBudgetFields;
/** The budget checked with the fields of POST /budgets; an edit keeps the budget's own project. */
export const budgetFormSchema = (projectFixed: boolean) =>
  bodySchema(
    (values: BudgetFormValues) => ({
      ...values,
      items: values.items.map((line) => ({
        ...line,
        quantity: bare(line.quantity),
        unitPrice: bare(line.unitPrice),
      })),
    }),
    z.object({
      projectId: projectFixed ? z.string() : shape.projectId,
      items: shape.items,
      remarks: shape.remarks,
    }),
  );
