import { hasAtMostDecimals } from '@trowel/shared/money/kobo.ts';
import { lineTotal, linesTotal } from '@trowel/shared/money/line-total.ts';
import type { BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';

/** A line as typed: numbers stay text until sent. */
export interface LineValues {
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
  notes: string;
}

let nextKey = 0;
export const emptyLine = (): LineValues => ({
  key: `line-${++nextKey}`,
  description: '',
  quantity: '',
  unitPrice: '',
  notes: '',
});

export function linesOf(budget: BudgetDto | null): LineValues[] {
  if (!budget || budget.items.length === 0) return [emptyLine()];
  return budget.items.map((item) => ({
    key: item.id,
    description: item.description,
    quantity: String(item.quantity),
    unitPrice: String(item.unitPrice),
    notes: item.notes,
  }));
}

const typedNumber = (text: string, decimals: number) => {
  const cleaned = text.replace(/[₦,\s]/g, '');
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

/** The lines ready to send, or null when one misses its description, quantity or unit price. */
export function completeLines(lines: readonly LineValues[]) {
  const items = lines.map((line) => ({
    description: line.description.trim(),
    quantity: typedNumber(line.quantity, 3),
    unitPrice: typedNumber(line.unitPrice, 2),
    notes: line.notes.trim(),
  }));
  if (items.some((item) => !item.description || !item.quantity || item.unitPrice === null)) return null;
  return items as Array<{ description: string; quantity: number; unitPrice: number; notes: string }>;
}

export const shownTotal = (lines: readonly LineValues[]) =>
  linesTotal(
    lines.map((line) => ({
      quantity: typedNumber(line.quantity, 3) ?? 0,
      unitPrice: typedNumber(line.unitPrice, 2) ?? 0,
    })),
  );
