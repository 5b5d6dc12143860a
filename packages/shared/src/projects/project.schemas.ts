import { z } from 'zod';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { MAX_PAGE_LIMIT, keysetPaginationDto } from '../http/pagination.ts';
import { roleSchema } from '../users/user.schemas.ts';
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from './project.constants.ts';
import { ok, okList } from '../http/envelope.ts';
import { calendarDate } from '../format/calendar-date.ts';
import { hasKoboPrecision, MAX_AMOUNT } from '../money/kobo.ts';

export const CATEGORY_REQUIRED = 'Please select a project category.';
export const LEAD_REQUIRED = 'Please select a project lead.';
export const CLIENT_REQUIRED = 'Please select a client.';

const dateOnly = (field: string) =>
  calendarDate(`${field} must be a date (YYYY-MM-DD)`, `${field} is required`);

const money = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} cannot be negative`)
    .max(MAX_AMOUNT, `${field} is too large`)
    .refine(hasKoboPrecision, `${field} has at most two decimals`);

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const id = (message: string) => z.uuid({ error: message });

export const projectStatusSchema = z.enum(PROJECT_STATUSES, {
  error: 'status must be one of: not_started, in_progress, on_hold, completed',
});
export const projectCategorySchema = z.enum(PROJECT_CATEGORIES, { error: CATEGORY_REQUIRED });

const projectFields = {
  title: text('Title', 200),
  description: text('Description', 5000),
  location: text('Location', 200),
  category: projectCategorySchema,
  startDate: dateOnly('Start date'),
  endDate: dateOnly('End date'),
  budget: money('Budget'),
  projectLeadId: id(LEAD_REQUIRED),
  clientId: id(CLIENT_REQUIRED),
  teamMemberIds: z
    .array(z.uuid({ error: 'teamMemberIds must be user ids' }))
    .max(100, 'At most 100 team members')
    .default([]),
};

/** An end on or after the start, where both are given. */
export const datesInOrder = (value: {
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}) => !value.startDate || !value.endDate || value.endDate >= value.startDate;
export const DATES_ORDER_MESSAGE = 'End date must be on or after the start date';
/** The refinement's issue, made afresh for each schema (zod rewrites the object it is given). */
export const datesOrderIssue = () => ({ message: DATES_ORDER_MESSAGE, path: ['endDate'] });

export const createProjectInput = z.strictObject(projectFields).refine(datesInOrder, datesOrderIssue());
export type CreateProjectInput = z.input<typeof createProjectInput>;

export const updateProjectInput = z
  .strictObject({
    title: projectFields.title.optional(),
    description: projectFields.description.optional(),
    location: projectFields.location.optional(),
    category: projectFields.category.optional(),
    status: projectStatusSchema.optional(),
    startDate: projectFields.startDate.optional(),
    endDate: projectFields.endDate.optional(),
    budget: projectFields.budget.optional(),
    spent: money('Spent').optional(),
    progress: z
      .number({ error: 'Progress must be a number from 0 to 100' })
      .int('Progress must be a whole number')
      .min(0, 'Progress must be from 0 to 100')
      .max(100, 'Progress must be from 0 to 100')
      .optional(),
    projectLeadId: projectFields.projectLeadId.optional(),
    clientId: projectFields.clientId.optional(),
    teamMemberIds: z
      .array(z.uuid({ error: 'teamMemberIds must be user ids' }))
      .max(100)
      .optional(),
  })
  .refine(datesInOrder, datesOrderIssue());
export type UpdateProjectInput = z.input<typeof updateProjectInput>;

export const listProjectsQuery = z
  .object({
    page: z.coerce.number().int().min(1, 'page must be a whole number of at least 1').default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_LIMIT, `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`)
      .default(12),
    sortBy: z.enum(['createdAt'], { error: 'sortBy must be createdAt' }).default('createdAt'),
    sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
    status: projectStatusSchema.optional(),
    category: projectCategorySchema.optional(),
    search: z.string().trim().max(200).optional(),
    /** Opaque position after the previous page (from pagination.nextCursor): pages without an OFFSET scan. */
    cursor: z.string().max(200).optional(),
    clientId: z.uuid().optional(),
    /** Projects a staff member leads or works on. */
    memberId: z.uuid().optional(),
    /** Projects starting on or after this date. */
    startFrom: calendarDate('startFrom must be a date (YYYY-MM-DD)').optional(),
    /** Projects starting on or before this date. */
    startTo: calendarDate('startTo must be a date (YYYY-MM-DD)').optional(),
  })
  .refine((query) => !query.startFrom || !query.startTo || query.startFrom <= query.startTo, {
    error: 'startFrom must not be after startTo',
    path: ['startTo'],
  });
export type ListProjectsQuery = z.infer<typeof listProjectsQuery>;

export const personRef = z.object({ id: z.string(), name: z.string() });

export const teamMemberDto = z.object({
  id: z.string(),
  userId: z.string(),
  user: z.object({ id: z.string(), name: z.string(), role: roleSchema }),
});

export const taskDto = z.object({
  id: z.string(),
  name: z.string(),
  assignedTo: z.string().nullable(),
  assignedToId: z.string().nullable(),
  progress: z.number().int(),
  /** The staff's working notes; null for a client. */
  notes: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  isOverdue: z.boolean(),
  attachments: z.array(attachmentDto),
});
export type TaskDto = z.infer<typeof taskDto>;

export const phaseDto = z.object({
  id: z.string(),
  name: z.string(),
  customLabel: z.string().nullable(),
  status: projectStatusSchema,
  progress: z.number().int(),
  tasks: z.array(taskDto),
});
export type PhaseDto = z.infer<typeof phaseDto>;

export const projectSummaryDto = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  category: z.string(),
  status: projectStatusSchema,
  startDate: z.string(),
  endDate: z.string(),
  /** Internal budget and spending: null for clients, who see projectValue instead. */
  budget: z.number().nullable(),
  spent: z.number().nullable(),
  /** Spent is worked out from payments and stock issued (no longer typed on the project form). */
  spentDerived: z.boolean(),
  /**
   * Of a worked-out spent, what was typed as spent before the project's first order or stock issue
   * (the rest is what it actually cost since); null for clients, as spent.
   */
  spentBeforeTracking: z.number().nullable(),
  /**
   * The value recorded in the project's financials, for those who read them (the finance roles and
   * the project's client); null otherwise and while none are recorded, never the budget.
   */
  projectValue: z.number().nullable(),
  progress: z.number().int(),
  projectLeadId: z.string().nullable(),
  projectLead: personRef.nullable(),
  clientId: z.string().nullable(),
  client: personRef.nullable(),
  teamMemberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummaryDto = z.infer<typeof projectSummaryDto>;

export const projectDto = projectSummaryDto.extend({
  teamMembers: z.array(teamMemberDto),
  phases: z.array(phaseDto),
  /** The sum of the approved budgets, and that over the budget as a whole percent; null for clients. */
  approvedBudgetTotal: z.number().nullable(),
  budgetUtilisation: z.number().int().nullable(),
});
export type ProjectDto = z.infer<typeof projectDto>;

export const projectListPagination = keysetPaginationDto;

export const dashboardStatsDto = z.union([
  z.object({
    activeProjectsCount: z.number().int(),
    completedProjectsCount: z.number().int(),
    totalBudget: z.number(),
    totalSpent: z.number(),
    /** The sum of approved budgets, and that over the total budget as a whole percent. */
    totalApprovedBudgets: z.number(),
    approvedBudgetUtilisation: z.number().int(),
    activeProjects: z.array(z.object({ id: z.string(), title: z.string(), progress: z.number().int() })),
  }),
  /** A client's: value and amount paid over their projects with financials recorded, else null. */
  z.object({
    activeProjectsCount: z.number().int(),
    completedProjectsCount: z.number().int(),
    /** The current value of the client's projects: original values plus approved change orders. */
    totalProjectValue: z.number().nullable(),
    originalProjectValue: z.number().nullable(),
    approvedVariations: z.number().nullable(),
    totalAmountPaid: z.number().nullable(),
    activeProjects: z.array(z.object({ id: z.string(), title: z.string(), progress: z.number().int() })),
  }),
]);
export type DashboardStats = z.infer<typeof dashboardStatsDto>;

// Answers
export const projectListAnswer = okList('projects', projectSummaryDto, projectListPagination);
export const projectAnswer = ok({ project: projectDto });
export const dashboardStatsAnswer = ok({ stats: dashboardStatsDto });
export const projectCategoriesAnswer = ok({ categories: z.array(z.string()) });

// What the web app reads from those answers.
export type ProjectListAnswer = z.output<typeof projectListAnswer>;
export type ProjectAnswer = z.output<typeof projectAnswer>;
export type DashboardStatsAnswer = z.output<typeof dashboardStatsAnswer>;
export type ProjectCategoriesAnswer = z.output<typeof projectCategoriesAnswer>;

/** Why a typed spent is refused once the project's spent is worked out. */
export const SPENT_DERIVED_MESSAGE =
  "Spent is worked out from this project's payments and stock issued; it can no longer be typed";
