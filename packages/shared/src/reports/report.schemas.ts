import { z } from 'zod';
import { projectCategorySchema, projectStatusSchema } from '../projects/project.schemas.ts';

export const REPORT_TIMEFRAMES = ['all', 'year', 'quarter', 'month'] as const;

export const reportQuery = z.object({
  timeframe: z
    .enum(REPORT_TIMEFRAMES, { error: 'timeframe must be all, year, quarter or month' })
    .default('all'),
  category: z.union([z.literal('all'), projectCategorySchema]).default('all'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportDto = z.object({
  timeframe: z.enum(REPORT_TIMEFRAMES),
  category: z.string(),
  overview: z.object({
    totalProjects: z.number().int(),
    activeProjects: z.number().int(),
    completedProjects: z.number().int(),
    onHoldProjects: z.number().int(),
    totalBudget: z.number(),
    totalSpent: z.number(),
    budgetUtilisation: z.number().int(),
    averageProgress: z.number().int(),
  }),
  statusSummary: z.array(
    z.object({ status: projectStatusSchema, count: z.number().int(), budget: z.number() }),
  ),
  categorySummary: z.array(
    z.object({ category: z.string(), count: z.number().int(), budget: z.number(), spent: z.number() }),
  ),
});
export type ReportDto = z.infer<typeof reportDto>;
