import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { projectCategorySchema, projectStatusSchema } from '../projects/project.schemas.ts';

export const REPORT_TIMEFRAMES = ['all', 'year', 'quarter', 'month'] as const;

export const reportQuery = z.object({
  timeframe: z
    .enum(REPORT_TIMEFRAMES, { error: 'timeframe must be all, year, quarter or month' })
    .default('all'),
  category: z.union([z.literal('all'), projectCategorySchema]).default('all'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/**
 * Report figures. Money follows the shared money rule (auth/money-visibility.ts): budget, spent and
 * Budget Used are internal costs, null for clients; the project value, amount paid and outstanding
 * balance come from recorded financials (financials/payment-figures.ts), for those who read them, and
 * are null while none of the projects has financials recorded (never the budget in their place).
 */
export const reportDto = z.object({
  timeframe: z.enum(REPORT_TIMEFRAMES),
  category: z.string(),
  overview: z.object({
    totalProjects: z.number().int(),
    activeProjects: z.number().int(),
    completedProjects: z.number().int(),
    onHoldProjects: z.number().int(),
    /** The current value: original values plus approved change orders. */
    totalProjectValue: z.number().nullable(),
    originalProjectValue: z.number().nullable(),
    approvedVariations: z.number().nullable(),
    totalAmountPaid: z.number().nullable(),
    outstandingBalance: z.number().nullable(),
    totalBudget: z.number().nullable(),
    totalSpent: z.number().nullable(),
    /** Budget Used: spent over budget, whole percent (reports/money-figures.ts). */
    budgetUsed: z.number().int().nullable(),
    averageProgress: z.number().int(),
  }),
  statusSummary: z.array(
    z.object({
      status: projectStatusSchema,
      count: z.number().int(),
      value: z.number().nullable(),
      budget: z.number().nullable(),
    }),
  ),
  categorySummary: z.array(
    z.object({
      category: z.string(),
      count: z.number().int(),
      value: z.number().nullable(),
      budget: z.number().nullable(),
      spent: z.number().nullable(),
    }),
  ),
});
export type ReportDto = z.infer<typeof reportDto>;

// Answers
export const reportAnswer = ok({ report: reportDto });

// What the web app reads from those answers.
export type ReportAnswer = z.output<typeof reportAnswer>;
