import { writtenDate } from '@trowel/shared/format/calendar-date.ts';
import type { z } from 'zod';
import { canEditProject, canEditTasksFully } from '@trowel/shared/projects/project.policy.ts';
import {
  addDays,
  criticalPath,
  forecastEndOf,
  loopClosedBy,
  shiftsToKeepLinks,
  type PlannedTask,
  type ScheduleStatus,
} from '@trowel/shared/schedule/critical-path.ts';
import {
  SCHEDULE_MESSAGES,
  loopMessage,
  type ScheduleDto,
  type createTaskLinkInput,
} from '@trowel/shared/schedule/schedule.schemas.ts';
import type { Repositories } from '../../../context.ts';
import type { ProjectRow } from '../../../db/schema/projects.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest, notFound } from '../../../http/app-error.ts';
import type { ModuleContext } from '../../../platform.ts';
import {
  assertMayEditProject,
  assertMayEditTasks,
  lockVisibleProject,
  visibleProject,
} from '../project-access.ts';
import { projectTransaction } from '../project-transaction.ts';
import type { ScheduleLinkRow, ScheduleTaskRow } from './schedule.repository.ts';

/** Whether a task has both dates, in order: only such tasks are scheduled and linked. */
const dated = <T extends { id: string; startDate: string | null; endDate: string | null }>(
  task: T,
): task is T & PlannedTask =>
  task.startDate !== null && task.endDate !== null && task.endDate >= task.startDate;

/**
 * Where the project's work stands today (Lagos): the schedule's figures and its forecast end are counted
 * from it, so work not done by now is never shown as done in the past.
 */
function statusOf(rows: readonly Pick<ScheduleTaskRow, 'id' | 'progress'>[]): ScheduleStatus {
  const progress = new Map(rows.map((row) => [row.id, row.progress]));
  return { today: lagosToday(), progress: (id) => progress.get(id) ?? 0 };
}

/** The schedule of a project: its phases, each task's dates, early and late dates, float and baseline. */
function scheduleOf(
  phases: ScheduleDto['phases'],
  rows: readonly ScheduleTaskRow[],
  links: readonly ScheduleLinkRow[],
  may: Pick<ScheduleDto, 'canLink' | 'canSaveBaseline'>,
): ScheduleDto {
  const { times, forecastEndDate } = criticalPath(rows.filter(dated), links, statusOf(rows));
  return {
    phases,
    tasks: rows.map((row) => {
      const time = times.get(row.id);
      return {
        id: row.id,
        phaseId: row.phaseId,
        name: row.name,
        startDate: row.startDate,
        endDate: row.endDate,
        progress: row.progress,
        earlyStart: time?.earlyStart ?? null,
        earlyFinish: time?.earlyFinish ?? null,
        lateStart: time?.lateStart ?? null,
        lateFinish: time?.lateFinish ?? null,
        totalFloat: time?.totalFloat ?? null,
        critical: time?.critical ?? false,
        baselineStart: row.baselineStart,
        baselineEnd: row.baselineEnd,
      };
    }),
    links: links.map((link) => ({
      id: link.id,
      fromTaskId: link.fromTaskId,
      toTaskId: link.toTaskId,
      type: link.type,
      lagDays: link.lagDays,
    })),
    forecastEndDate,
    baselineSavedAt:
      rows
        .map((row) => row.baselineSavedAt)
        .filter((at): at is Date => at !== null)
        .sort((a, b) => b.getTime() - a.getTime())[0]
        ?.toISOString() ?? null,
    ...may,
  };
}

/**
 * A project's tasks and the links between them, read one after the other: the callers read them inside a
 * transaction, whose one connection takes one statement at a time (sending the second while the first
 * runs is deprecated by the driver).
 */
async function tasksAndLinks(repos: Repositories, projectId: string) {
  const rows = await repos.schedule.tasks(projectId);
  const links = await repos.schedule.links(projectId);
  return { rows, links };
}

/** The schedule of a project as the actor reads it (what they may change included). */
export async function readSchedule(repos: Repositories, actor: AuthUser, project: ProjectRow) {
  // One after another: inside a transaction the reads share one connection, which takes one at a time.
  const phases = await repos.schedule.phases(project.id);
  const { rows, links } = await tasksAndLinks(repos, project.id);
  return scheduleOf(phases, rows, links, {
    canLink: canEditTasksFully(actor, project),
    canSaveBaseline: canEditProject(actor, project),
  });
}

/**
 * GET /projects/{id}/schedule: everyone who sees the project reads it (clients their own, read-only).
 * Answers the project and the key its answer is kept under: the schedule is the same for everyone who
 * sees it, but for what they may change.
 */
export async function scheduleView(ctx: ModuleContext, actor: AuthUser, projectId: string) {
  const project = await visibleProject(ctx, actor, projectId);
  const may = { canLink: canEditTasksFully(actor, project), canSaveBaseline: canEditProject(actor, project) };
  return {
    key: `schedule:${project.id}:${may.canLink}:${may.canSaveBaseline}`,
    build: () => readSchedule(ctx, actor, project),
  };
}

/**
 * Moves every task whose predecessors no longer allow its dates to its early start (keeping its
 * length), in the caller's transaction; when that moves the forecast end later, the project's lead and
 * the project managers are told. Answers how many tasks moved.
 */
export async function keepLinks(
  scoped: Repositories,
  actor: AuthUser,
  project: ProjectRow,
  endBefore: string | null,
) {
  const { rows, links } = await tasksAndLinks(scoped, project.id);
  const planned = rows.filter(dated);
  const moves = shiftsToKeepLinks(planned, links);
  await scoped.schedule.moveTasks(moves);
  const moved = new Map(moves.map((move) => [move.id, move]));
  const forecastEndDate = forecastEndOf(
    planned.map((task) => moved.get(task.id) ?? task),
    links,
    statusOf(rows),
  );
  if (endBefore && forecastEndDate && forecastEndDate > endBefore) {
    await scoped.notifications.create({
      type: 'task',
      title: 'Project end moved',
      message: `The forecast end of "${project.title}" moved from ${writtenDate(endBefore)} to ${writtenDate(forecastEndDate)}: a task on the critical path slipped.`,
      link: `/projects/${project.id}/schedule`,
      projectId: project.id,
      recipientRoles: ['project_manager'],
      recipientUsers: [project.projectLeadId],
      excludeUserId: actor.id,
    });
  }
  return moves.length;
}

/** The forecast end of the project's schedule as it stands in the transaction. */
export async function forecastEnd(scoped: Repositories, projectId: string) {
  const { rows, links } = await tasksAndLinks(scoped, projectId);
  return forecastEndOf(rows.filter(dated), links, statusOf(rows));
}

/**
 * POST /projects/{id}/schedule/links: the second task waits for the first. Both must be tasks of the
 * project with dates (400), the link must close no loop (400 naming it) and be new (409); the
 * successors move to keep it, in the same transaction.
 */
export async function addTaskLink(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  input: z.output<typeof createTaskLinkInput>,
) {
  return projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    assertMayEditTasks(actor, project);
    if (input.fromTaskId === input.toTaskId) throw badRequest(SCHEDULE_MESSAGES.sameTask);
    const { rows, links } = await tasksAndLinks(scoped, projectId);
    const from = rows.find((row) => row.id === input.fromTaskId);
    const to = rows.find((row) => row.id === input.toTaskId);
    if (!from || !to) throw badRequest(SCHEDULE_MESSAGES.notInProject);
    if (!dated(from) || !dated(to)) throw badRequest(SCHEDULE_MESSAGES.undated);
    const loop = loopClosedBy(links, input.fromTaskId, input.toTaskId);
    if (loop) {
      const names = new Map(rows.map((row) => [row.id, row.name]));
      throw badRequest(loopMessage(loop.map((id) => names.get(id) ?? id)));
    }
    const endBefore = forecastEndOf(rows.filter(dated), links, statusOf(rows));
    const link = await scoped.schedule.insertLink({ projectId, ...input });
    if (!link) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.linkExists);
    await keepLinks(scoped, actor, project, endBefore);
    return { link, schedule: await readSchedule(scoped, actor, project) };
  });
}

/** DELETE /projects/{id}/schedule/links/{linkId}: the tasks keep their dates. */
export async function removeTaskLink(ctx: ModuleContext, actor: AuthUser, projectId: string, linkId: string) {
  await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    assertMayEditTasks(actor, project);
    if (!(await scoped.schedule.deleteLink(projectId, linkId))) throw notFound('Link');
  });
}

/**
 * POST /projects/{id}/schedule/baseline: the dated tasks' dates now become what slips are measured
 * against; whoever edits the project saves it (the project manager, as the issue of the schedule says).
 */
export async function saveBaseline(ctx: ModuleContext, actor: AuthUser, projectId: string) {
  return projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    assertMayEditProject(actor, project);
    await scoped.schedule.saveBaseline(projectId);
    await scoped.activity.record(actor.id, 'project', `Saved the schedule baseline of "${project.title}"`);
    return readSchedule(scoped, actor, project);
  });
}

/** Today as a calendar date in Lagos (UTC+1, no daylight saving). */
export function lagosToday(now = new Date()): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
}

/** When today ends in Lagos (UTC+1, no daylight saving): a schedule counted from today holds until then. */
export function endOfLagosToday(now = new Date()): Date {
  return new Date(Date.parse(`${addDays(lagosToday(now), 1)}T00:00:00+01:00`));
}

/**
 * GET /schedule/look-ahead?days=14: the unfinished tasks of the projects the person sees that start
 * or are due in the next `days` days, and those already late, soonest first.
 */
export async function lookAhead(ctx: ModuleContext, actor: AuthUser, days: number, now = new Date()) {
  const from = lagosToday(now);
  const to = addDays(from, days - 1);
  const rows = await ctx.schedule.lookAhead(actor, from, to);
  return {
    from,
    to,
    tasks: rows.map((row) => ({
      ...row,
      reason:
        row.endDate !== null && row.endDate < from
          ? ('late' as const)
          : row.startDate !== null && row.startDate >= from && row.startDate <= to
            ? ('starting' as const)
            : ('due' as const),
    })),
  };
}
