import { fromKobo } from '../money/kobo.ts';

/**
 * What a project (or one category of it) costs, in whole kobo, as the database adds it up:
 * - approvedBudget: the lines of its approved budgets;
 * - committed: its purchase orders not cancelled;
 * - received: what was accepted of them, at the agreed prices;
 * - invoiced: its vendors' invoices not rejected, VAT included;
 * - paid: what was paid of those invoices;
 * - stockIssued: stock released to it from the stores at its average cost, except what its own orders
 *   brought in (already counted when paid).
 */
export interface CostParts {
  approvedBudget: number;
  committed: number;
  received: number;
  invoiced: number;
  paid: number;
  stockIssued: number;
}

/** The parts with what they mean: actual = paid + stock issued; variance = budget − actual. */
export interface CostFigures extends CostParts {
  actual: number;
  variance: number;
}

export const NO_COSTS: CostParts = {
  approvedBudget: 0,
  committed: 0,
  received: 0,
  invoiced: 0,
  paid: 0,
  stockIssued: 0,
};

export function costFigures(parts: CostParts): CostFigures {
  const actual = parts.paid + parts.stockIssued;
  return { ...parts, actual, variance: parts.approvedBudget - actual };
}

/** Over budget: more committed or spent than was approved (anything at all against no budget). */
export function isOverBudget(figures: CostFigures): boolean {
  return Math.max(figures.committed, figures.actual) > figures.approvedBudget;
}

/** The parts added up (a company's total from its projects', a project's from its categories'). */
export function addCosts(rows: Iterable<CostParts>): CostParts {
  const total = { ...NO_COSTS };
  for (const row of rows)
    for (const key of Object.keys(total) as Array<keyof CostParts>) total[key] += row[key];
  return total;
}

/** The figures in naira, as answers carry money. */
export function costFiguresInNaira(figures: CostFigures): CostFigures {
  const naira = {} as CostFigures;
  for (const [key, value] of Object.entries(figures) as Array<[keyof CostFigures, number]>)
    naira[key] = fromKobo(value);
  return naira;
}
