import { z } from 'zod';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';
import { COST_CATEGORIES } from './cost-categories.ts';

/** A cost category as a field: one of the listed categories (errors name the field). */
export const costCategoryField = (field: string) =>
  z.enum(COST_CATEGORIES, { error: `${field} must be one of the listed cost categories` });

/** The figures of a project or a category, in naira (see `cost-figures.ts` for what each counts). */
export const costFiguresDto = z.object({
  approvedBudget: z.number(),
  committed: z.number(),
  received: z.number(),
  invoiced: z.number(),
  paid: z.number(),
  stockIssued: z.number(),
  actual: z.number(),
  variance: z.number(),
});

export const categoryCostsDto = costFiguresDto.extend({
  category: z.enum(COST_CATEGORIES),
  overBudget: z.boolean(),
});
export type CategoryCostsDto = z.infer<typeof categoryCostsDto>;

/** GET /projects/{id}/costs: the project's figures and each category's, in the listed order. */
export const projectCostsDto = costFiguresDto.extend({
  projectId: z.string(),
  projectTitle: z.string(),
  overBudget: z.boolean(),
  byCategory: z.array(categoryCostsDto),
});
export type ProjectCostsDto = z.infer<typeof projectCostsDto>;
export const projectCostsAnswer = ok({ costs: projectCostsDto });

/** GET /costs: the company's projects, a page at a time, by title; the totals are of every project. */
export const listCostsQuery = pageQuery(20);
export type ListCostsQuery = z.output<typeof listCostsQuery>;

export const companyCostRowDto = costFiguresDto.extend({
  projectId: z.string(),
  projectTitle: z.string(),
  overBudget: z.boolean(),
});
export type CompanyCostRowDto = z.infer<typeof companyCostRowDto>;
export const companyCostsAnswer = okList('costs', companyCostRowDto).extend({
  totals: costFiguresDto.extend({ overBudgetProjects: z.number().int() }),
});
export type CompanyCostsAnswer = z.infer<typeof companyCostsAnswer>;

/** What each figure is called, on the screen and in the CSV, in the order they are shown. */
export const COST_FIGURE_LABELS = {
  approvedBudget: 'Approved budgets',
  committed: 'Committed',
  received: 'Received',
  invoiced: 'Invoiced',
  paid: 'Paid',
  stockIssued: 'Stock issued',
  actual: 'Actual',
  variance: 'Variance',
} as const satisfies Record<keyof z.infer<typeof costFiguresDto>, string>;
export type CostFigureKey = keyof typeof COST_FIGURE_LABELS;

/** The cost screen's and the notices' texts. */
export const COST_TEXTS = {
  title: 'Costs',
  loadFailed: 'Failed to load costs',
  none: 'Nothing budgeted or spent yet',
  noneDescription:
    'Approved budgets, purchase orders, invoices and stock issued to this project will show here.',
  overBudget: 'Over budget',
  withinBudget: 'Within budget',
  companyTitle: "The company's costs",
  approvedExplained:
    "Approved budgets are the lines of the project's budgets approved under Budgets, not the budget set on the project's page.",
  actualExplained:
    "Actual is what was paid to vendors and drawn from the stores. A project's spent is its actual plus what was typed as spent before its first order or stock issue.",
  exported: 'Costs Exported',
  overBudgetTitle: (category: string) => `Over budget: ${category}`,
  overBudgetMessage: (project: string, category: string, spent: string, budget: string) =>
    `${project}: ${category} has reached ${spent} against an approved budget of ${budget}.`,
} as const;
