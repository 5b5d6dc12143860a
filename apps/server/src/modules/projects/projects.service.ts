import { paginateByKey } from '@trowel/shared/http/pagination.ts';
import type { Logger } from '../../lib/logger.ts';
import type { z } from 'zod';
import { STAFF_ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { todayInLagos } from '@trowel/shared/projects/phase.rules.ts';
import {
  LEAD_CANDIDATE_ROLES,
  LEAD_CANDIDATE_ROLES_ON_EDIT,
} from '@trowel/shared/projects/project.constants.ts';
import { maySeeMoney } from '@trowel/shared/auth/money-visibility.ts';
import { fromKobo, toKobo } from '@trowel/shared/money/kobo.ts';
import { paymentFigures } from '@trowel/shared/financials/payment-figures.ts';
import { budgetUtilisationPercent } from '@trowel/shared/reports/money-figures.ts';
import { canCreateProject, canDeleteProject } from '@trowel/shared/projects/project.policy.ts';
import {
  CLIENT_REQUIRED,
  DATES_ORDER_MESSAGE,
  LEAD_REQUIRED,
  SPENT_DERIVED_MESSAGE,
  type createProjectInput,
  type ListProjectsQuery,
  type updateProjectInput,
} from '@trowel/shared/projects/project.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import { assertMayEditProject, visibleProject } from './project-access.ts';
import { projectTransaction } from './project-transaction.ts';
import { decodeCursor, encodeCursor, type KeysetCursor } from '../../db/keyset-cursor.ts';
import type { PagePosition } from './project-list.repository.ts';
import { canSeeFeedItem, scopeKey } from '@trowel/shared/auth/scope.ts';
import { toProjectDto, toSummaryDto } from './project-dto.ts';

/** How many active projects the dashboard lists. */
export const DASHBOARD_ACTIVE_LIMIT = 20;

/**
 * Whole answers of the list are kept per scope, money shown and query until any project or person
 * changes (on every process): the list is what everyone opens first, and searches repeat.
 */
export const projectListKey = (actor: AuthUser, query: ListProjectsQuery) =>
  JSON.stringify(['projects', scopeKey(actor), maySeeMoney(actor, 'project-value'), query]);

/** A page of the projects the actor may see, newest first by default, read by key. */
export async function listProjects(
  ctx: ModuleContext<'projectAggregates'>,
  actor: AuthUser,
  query: ListProjectsQuery,
) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest('cursor is not valid');
  const { page, limit, sortBy: _sortBy, sortOrder, cursor: _cursor, ...filter } = query;
  const descending = sortOrder === 'desc';
  const scope = scopeKey(actor);
  const cached = <T>(key: unknown[], compute: () => Promise<T>) =>
    ctx.projectAggregates.get(JSON.stringify([scope, filter, ...key]), compute) as Promise<T>;

  let position: PagePosition | null = cursor ? { key: cursor, inclusive: false } : null;
  if (!cursor && page > 1) {
    // A numbered page without a cursor starts at a key found once on the narrow index, then kept.
    const offset = (page - 1) * limit;
    const key = await cached(['key', descending, offset], () =>
      ctx.projects.keyAt(actor, filter, descending, offset),
    );
    if (!key)
      return listAnswer(query, [], false, await cached(['count'], () => ctx.projects.count(actor, filter)));
    position = { key, inclusive: true };
  }
  const [{ rows, hasNext }, total] = await Promise.all([
    ctx.projects.list(actor, filter, { descending, position, limit }),
    cached(['count'], () => ctx.projects.count(actor, filter)),
  ]);
  return listAnswer(
    query,
    rows.map((row) => toSummaryDto(row, actor)),
    hasNext,
    total,
    rows.at(-1),
  );
}

function listAnswer(
  query: ListProjectsQuery,
  projects: ReturnType<typeof toSummaryDto>[],
  hasNext: boolean,
  total: number,
  last?: KeysetCursor,
) {
  return {
    projects,
    pagination: paginateByKey(query.page, query.limit, total, hasNext && last ? encodeCursor(last) : null),
  };
}

/** A project the actor may see, with team, phases, tasks and attachments; 404 otherwise. */
export async function getProject(ctx: ModuleContext<'projectAggregates'>, actor: AuthUser, id: string) {
  const summary = await ctx.projects.findSummary(actor, id);
  if (!summary) throw notFound('Project');
  const [members, phases, tasks, approvedKobo] = await Promise.all([
    ctx.projects.members(id),
    ctx.phases.ofProject(id),
    ctx.phases.tasksOfProject(id),
    ctx.budgets.approvedTotalKobo(id),
  ]);
  // A client reads only the task files shared with them.
  const attachments = (await ctx.phases.attachmentsOfTasks(tasks.map((task) => task.id))).filter((file) =>
    canSeeFeedItem(actor, file),
  );
  return toProjectDto(
    { summary, members, phases, tasks, attachments, approvedBudgetTotal: fromKobo(approvedKobo) },
    actor,
    ctx.config.appSecret!,
    todayInLagos(),
  );
}

async function checkPeople(
  ctx: ModuleContext<'projectAggregates'>,
  input: {
    projectLeadId?: string | undefined;
    clientId?: string | undefined;
    teamMemberIds?: string[] | undefined;
  },
  leadRoles: readonly Role[],
) {
  const ids = [input.projectLeadId, input.clientId, ...(input.teamMemberIds ?? [])].filter(
    (id): id is string => Boolean(id),
  );
  const people = new Map(
    (await ctx.projects.usersByIds(ids)).map((person) => [person.id, person.role as Role]),
  );
  if (input.projectLeadId && !leadRoles.includes(people.get(input.projectLeadId) as Role)) {
    throw badRequest(`${LEAD_REQUIRED} The project lead must be a ${leadRoles.join(', ')}.`);
  }
  if (input.clientId && people.get(input.clientId) !== 'client') {
    throw badRequest(`${CLIENT_REQUIRED} The client must be a client account.`);
  }
  for (const memberId of input.teamMemberIds ?? []) {
    if (!(STAFF_ROLES as readonly string[]).includes(people.get(memberId) ?? '')) {
      throw badRequest('teamMemberIds: every team member must be an active staff member');
    }
  }
}

export async function createProject(
  ctx: ModuleContext<'projectAggregates'>,
  actor: AuthUser,
  input: z.output<typeof createProjectInput>,
) {
  if (!canCreateProject(actor)) throw forbidden("You don't have permission to create projects");
  const teamMemberIds = [...new Set(input.teamMemberIds)];
  await checkPeople(ctx, { ...input, teamMemberIds }, LEAD_CANDIDATE_ROLES);
  const id = await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const { teamMemberIds: _members, ...fields } = input;
    const project = await scoped.projects.insert({ ...fields, createdBy: actor.id });
    await scoped.projects.setMembers(project.id, teamMemberIds);
    await scoped.notifications.create({
      type: 'project',
      title: 'New Project',
      message: `You have been added to the project "${project.title}".`,
      link: `/projects/${project.id}`,
      projectId: project.id,
      recipientUsers: [project.projectLeadId, project.clientId],
      excludeUserId: actor.id,
    });
    await scoped.activity.record(actor.id, 'project', `Created project "${project.title}"`);
    return project.id;
  });
  return getProject(ctx, actor, id);
}

export async function updateProject(
  ctx: ModuleContext<'projectAggregates'>,
  actor: AuthUser,
  id: string,
  input: z.output<typeof updateProjectInput>,
) {
  const current = await visibleProject(ctx, actor, id);
  assertMayEditProject(actor, current);
  const startDate = input.startDate ?? current.startDate;
  const endDate = input.endDate ?? current.endDate;
  if (endDate < startDate) throw badRequest(DATES_ORDER_MESSAGE);
  const spentTyped = input.spent !== undefined && toKobo(input.spent) !== toKobo(current.spent);
  if (current.spentDerived && spentTyped) throw new AppError('CONFLICT', SPENT_DERIVED_MESSAGE);
  const leadChanged = input.projectLeadId !== undefined && input.projectLeadId !== current.projectLeadId;
  await checkPeople(
    ctx,
    {
      projectLeadId: leadChanged ? input.projectLeadId : undefined,
      clientId: input.clientId !== current.clientId ? input.clientId : undefined,
      teamMemberIds: input.teamMemberIds,
    },
    LEAD_CANDIDATE_ROLES_ON_EDIT,
  );
  await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const { teamMemberIds, ...typed } = input;
    const fields = current.spentDerived ? { ...typed, spent: undefined } : typed;
    await scoped.projects.update(id, fields);
    if (teamMemberIds) await scoped.projects.setMembers(id, [...new Set(teamMemberIds)]);
    await scoped.activity.record(actor.id, 'project', `Updated project "${fields.title ?? current.title}"`);
    if (leadChanged) {
      await scoped.notifications.create({
        type: 'project',
        title: 'Project Lead Assigned',
        message: `You are now the lead of "${fields.title ?? current.title}".`,
        link: `/projects/${id}`,
        projectId: id,
        recipientUsers: [input.projectLeadId],
        excludeUserId: actor.id,
      });
    }
  });
  return getProject(ctx, actor, id);
}

/** Deletes a project with its phases, tasks, logs and media: rows in one transaction, files after commit. */
export async function deleteProject(
  ctx: ModuleContext<'projectAggregates'>,
  actor: AuthUser,
  id: string,
  log: Logger,
) {
  if (!canDeleteProject(actor)) throw forbidden("You don't have permission to delete projects");
  const keys = await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await scoped.projects.lock(id);
    if (!project) throw notFound('Project');
    const files = await scoped.phases.storageKeysUnder({ projectId: id });
    await scoped.projects.delete(id);
    await scoped.activity.record(actor.id, 'project', `Deleted project "${project.title}"`);
    return files;
  });
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) log.warn({ projectId: id, failed }, 'some project files could not be removed');
}

export async function dashboardStats(ctx: ModuleContext<'projectAggregates'>, actor: AuthUser) {
  const { totals, activeProjects } = (await ctx.projectAggregates.get(
    JSON.stringify(['dashboard', scopeKey(actor)]),
    async () => ({
      totals: await ctx.projects.dashboardTotals(actor),
      activeProjects: await ctx.projects.activeProjects(actor, DASHBOARD_ACTIVE_LIMIT),
    }),
  )) as {
    totals: Awaited<ReturnType<ModuleContext<'projectAggregates'>['projects']['dashboardTotals']>>;
    activeProjects: Awaited<ReturnType<ModuleContext<'projectAggregates'>['projects']['activeProjects']>>;
  };
  const counts = {
    activeProjectsCount: totals.active,
    completedProjectsCount: totals.completed,
    activeProjects,
  };
  if (!maySeeMoney(actor, 'internal-cost')) {
    // Value and amount paid come from the client's project financials only, never from budgets.
    const recorded = (await ctx.projectAggregates.get(JSON.stringify(['client-paid', actor.id]), () =>
      ctx.financials.clientTotals(actor.id),
    )) as Awaited<ReturnType<ModuleContext<'projectAggregates'>['financials']['clientTotals']>>;
    const figures = recorded ? paymentFigures(recorded) : null;
    return {
      ...counts,
      totalProjectValue: figures?.totalProjectValue ?? null,
      originalProjectValue: figures?.originalValue ?? null,
      approvedVariations: figures?.approvedVariations ?? null,
      totalAmountPaid: figures?.amountPaid ?? null,
    };
  }
  return {
    ...counts,
    totalBudget: totals.budget,
    totalSpent: totals.spent,
    totalApprovedBudgets: fromKobo(totals.approvedKobo),
    approvedBudgetUtilisation: budgetUtilisationPercent(fromKobo(totals.approvedKobo), totals.budget),
  };
}

/** The categories of the projects the actor sees (the list's category filter). */
export function projectCategories(ctx: ModuleContext<'projectAggregates'>, actor: AuthUser) {
  return ctx.projects.categories(actor);
}
