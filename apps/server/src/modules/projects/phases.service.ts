import type { z } from 'zod';
import { phaseNameTaken } from '@trowel/shared/projects/phase.names.ts';
import {
  derivePhaseProgress,
  derivePhaseStatus,
  deriveProjectProgress,
  todayInLagos,
} from '@trowel/shared/projects/phase.rules.ts';
import { ASSIGNEE_ROLES, type ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import { DATES_ORDER_MESSAGE, datesInOrder } from '@trowel/shared/projects/project.schemas.ts';
import { canEditOwnTask, canEditTasksFully } from '@trowel/shared/projects/project.policy.ts';
import {
  PHASE_EXISTS,
  type createPhaseInput,
  type createTaskInput,
  type updatePhaseInput,
  type updateTaskInput,
} from '@trowel/shared/projects/phase.schemas.ts';
import type { Repositories } from '../../context.ts';
import type { ModuleContext } from '../../platform.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/errors.ts';
import type { ProjectRow } from '../../db/schema.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import {
  assertMayEditProject,
  assertMayEditTasks,
  loadPhase,
  loadTask,
  lockVisibleProject,
} from './project-access.ts';
import { projectTransaction } from './project-transaction.ts';
import { forecastEnd, keepLinks } from './schedule/schedule.service.ts';
import { toPhaseDto, toTaskDto } from './project-dto.ts';
import type { TaskWithAssignee } from './phases.repository.ts';

/** Re-derives a phase's status and progress from its tasks, then the project's progress from its phases. */
export async function recompute(scoped: Repositories, projectId: string, phaseId: string) {
  const phase = await scoped.phases.findPhase(projectId, phaseId);
  if (phase) {
    const progress = await scoped.phases.taskProgress(phaseId);
    await scoped.phases.updatePhase(phaseId, {
      status: derivePhaseStatus(progress, phase.status as ProjectStatus),
      progress: derivePhaseProgress(progress, phase.progress),
    });
  }
  await recomputeProject(scoped, projectId);
}

async function recomputeProject(scoped: Repositories, projectId: string) {
  const phaseProgress = await scoped.phases.phaseProgress(projectId);
  if (phaseProgress.length > 0) {
    await scoped.projects.update(projectId, { progress: deriveProjectProgress(phaseProgress, 0) });
  }
}

async function notifyChange(
  scoped: Repositories,
  actor: AuthUser,
  project: ProjectRow,
  title: string,
  message: string,
  type: 'project' | 'task',
  assignees: Array<string | null> = [],
) {
  await scoped.notifications.create({
    type,
    title,
    message,
    link: `/projects/${project.id}`,
    projectId: project.id,
    recipientRoles: ['admin'],
    recipientUsers: [project.projectLeadId, ...assignees],
    excludeUserId: actor.id,
  });
}

function duplicateGuard(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', PHASE_EXISTS);
  throw error;
}

export async function addPhase(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  input: z.output<typeof createPhaseInput>,
) {
  return projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    assertMayEditProject(actor, project);
    const existing = await scoped.phases.ofProject(projectId);
    if (phaseNameTaken(existing, [input.name, input.customLabel]))
      throw new AppError('CONFLICT', PHASE_EXISTS);
    const phase = await scoped.phases.insertPhase({
      projectId,
      name: input.name,
      customLabel: input.customLabel || null,
      position: await scoped.phases.nextPhasePosition(projectId),
    });
    await recomputeProject(scoped, projectId);
    await notifyChange(
      scoped,
      actor,
      project,
      'Phase Added',
      `Phase "${phase.customLabel ?? phase.name}" was added to "${project.title}".`,
      'project',
    );
    return toPhaseDto(phase, []);
  }).catch(duplicateGuard);
}

export async function updatePhase(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  phaseId: string,
  input: z.output<typeof updatePhaseInput>,
) {
  await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    assertMayEditProject(actor, project);
    const phase = await loadPhase(scoped, projectId, phaseId);
    if (input.customLabel !== undefined) {
      const existing = await scoped.phases.ofProject(projectId);
      if (phaseNameTaken(existing, [input.customLabel], phase.id))
        throw new AppError('CONFLICT', PHASE_EXISTS);
    }
    await scoped.phases.updatePhase(phase.id, {
      ...(input.customLabel !== undefined ? { customLabel: input.customLabel } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.progress !== undefined ? { progress: input.progress } : {}),
    });
    // With tasks, status and progress follow from them whatever was sent.
    await recompute(scoped, projectId, phase.id);
    await notifyChange(
      scoped,
      actor,
      project,
      'Phase Updated',
      `Phase "${input.customLabel ?? phase.customLabel ?? phase.name}" of "${project.title}" was updated.`,
      'project',
    );
  });
  return phaseWithTasks(ctx, actor, projectId, phaseId);
}

export async function deletePhase(ctx: ModuleContext, actor: AuthUser, projectId: string, phaseId: string) {
  const keys = await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    assertMayEditProject(actor, project);
    const phase = await loadPhase(scoped, projectId, phaseId);
    const files = await scoped.phases.storageKeysUnder({ phaseId });
    await scoped.phases.deletePhase(phase.id);
    await recomputeProject(scoped, projectId);
    await notifyChange(
      scoped,
      actor,
      project,
      'Phase Deleted',
      `Phase "${phase.customLabel ?? phase.name}" was removed from "${project.title}".`,
      'project',
    );
    return files;
  });
  await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
}

async function phaseWithTasks(ctx: ModuleContext, actor: AuthUser, projectId: string, phaseId: string) {
  const phase = await ctx.phases.findPhase(projectId, phaseId);
  if (!phase) throw notFound('Phase');
  const tasks = (await ctx.phases.tasksOfProject(projectId)).filter((task) => task.phaseId === phaseId);
  const files = await ctx.phases.attachmentsOfTasks(tasks.map((task) => task.id));
  const today = todayInLagos();
  return toPhaseDto(
    phase,
    tasks.map((task) =>
      toTaskDto(
        task,
        files.filter((file) => file.taskId === task.id),
        ctx.config.appSecret!,
        today,
        actor,
      ),
    ),
  );
}

/** Whether `assignedTo` (an id or a name, or absent) names the task's current assignee. */
function namesAssignee(assignedTo: string | null | undefined, task: TaskWithAssignee) {
  if (assignedTo === undefined) return true;
  if (assignedTo === null) return task.assignedToId === null;
  return assignedTo === task.assignedToId || assignedTo === task.assigneeName;
}

async function resolveAssignee(scoped: Repositories, assignedTo: string | null | undefined) {
  if (assignedTo === undefined) return undefined;
  if (assignedTo === null) return null;
  const people = await scoped.phases.findAssignees(assignedTo, ASSIGNEE_ROLES);
  if (people.length === 0) throw badRequest('assignedTo must be an active team member or project lead');
  if (people.length > 1) throw badRequest('assignedTo: several staff share this name; send their id instead');
  return people[0]!.id;
}

async function taskDto(ctx: ModuleContext, actor: AuthUser, task: TaskWithAssignee) {
  const files = await ctx.phases.attachmentsOfTasks([task.id]);
  return toTaskDto(task, files, ctx.config.appSecret!, todayInLagos(), actor);
}

export async function addTask(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  phaseId: string,
  input: z.output<typeof createTaskInput>,
) {
  const taskId = await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    assertMayEditTasks(actor, project);
    const phase = await loadPhase(scoped, projectId, phaseId);
    const assignedToId = await resolveAssignee(scoped, input.assignedTo);
    const task = await scoped.phases.insertTask({
      projectId,
      phaseId: phase.id,
      name: input.name,
      assignedToId: assignedToId ?? null,
      progress: input.progress,
      notes: input.notes ?? null,
      startDate: input.startDate ?? null,
      endDate: input.endDate ?? null,
      position: await scoped.phases.nextTaskPosition(phase.id),
    });
    await recompute(scoped, projectId, phase.id);
    await notifyChange(
      scoped,
      actor,
      project,
      'Task Added',
      `Task "${task.name}" was added to "${project.title}".`,
      'task',
      [task.assignedToId],
    );
    return task.id;
  });
  const task = await ctx.phases.findTask(phaseId, taskId);
  return taskDto(ctx, actor, task!);
}

const LIMITED_FIELDS = new Set(['notes', 'progress']);

export async function updateTask(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  phaseId: string,
  taskId: string,
  input: z.output<typeof updateTaskInput>,
) {
  await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    const task = await loadTask(scoped, projectId, phaseId, taskId);
    const full = canEditTasksFully(actor, project);
    if (!full && !canEditOwnTask(actor, task)) throw forbidden("You don't have permission to edit this task");
    if (!full && !namesAssignee(input.assignedTo, task)) {
      // Who a task belongs to is not the assignee's to change: refused before the name is looked up.
      throw forbidden("You don't have permission to reassign this task");
    }
    const assignedToId = full ? await resolveAssignee(scoped, input.assignedTo) : undefined;
    const changes = {
      ...(input.name !== undefined && input.name !== task.name ? { name: input.name } : {}),
      ...(assignedToId !== undefined && assignedToId !== task.assignedToId ? { assignedToId } : {}),
      ...(input.progress !== undefined && input.progress !== task.progress
        ? { progress: input.progress }
        : {}),
      ...(input.notes !== undefined && input.notes !== task.notes ? { notes: input.notes } : {}),
      ...(input.startDate !== undefined && input.startDate !== task.startDate
        ? { startDate: input.startDate }
        : {}),
      ...(input.endDate !== undefined && input.endDate !== task.endDate ? { endDate: input.endDate } : {}),
    };
    if (!full) {
      const refused = Object.keys(changes).filter((field) => !LIMITED_FIELDS.has(field));
      if (refused.length > 0) {
        throw badRequest(`${refused.join(', ')} cannot be changed by the assignee; only notes and progress`);
      }
    }
    if (Object.keys(changes).length === 0) return;
    const dates = {
      startDate: 'startDate' in changes ? changes.startDate : task.startDate,
      endDate: 'endDate' in changes ? changes.endDate : task.endDate,
    };
    if (!datesInOrder(dates)) throw badRequest(DATES_ORDER_MESSAGE);
    const moved = changes.startDate !== undefined || changes.endDate !== undefined;
    const endBefore = moved ? await forecastEnd(scoped, projectId) : null;
    await scoped.phases.updateTask(task.id, changes);
    // A task moved later moves the tasks that wait for it.
    if (moved) await keepLinks(scoped, actor, project, endBefore);
    if (changes.progress !== undefined) {
      await scoped.activity.record(
        actor.id,
        'task',
        `Set task "${changes.name ?? task.name}" of "${project.title}" to ${changes.progress}%`,
      );
    }
    await recompute(scoped, projectId, phaseId);
    await notifyChange(
      scoped,
      actor,
      project,
      'Task Updated',
      `Task "${changes.name ?? task.name}" of "${project.title}" was updated.`,
      'task',
      [task.assignedToId, assignedToId ?? null],
    );
  });
  const task = await ctx.phases.findTask(phaseId, taskId);
  return taskDto(ctx, actor, task!);
}

export async function deleteTask(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  phaseId: string,
  taskId: string,
) {
  const keys = await projectTransaction(ctx, async (tx) => {
    const scoped = ctx.withDb(tx);
    const project = await lockVisibleProject(scoped, actor, projectId);
    assertMayEditTasks(actor, project);
    const task = await loadTask(scoped, projectId, phaseId, taskId);
    const files = await scoped.phases.storageKeysUnder({ taskId });
    await scoped.phases.deleteTask(task.id);
    await recompute(scoped, projectId, phaseId);
    await notifyChange(
      scoped,
      actor,
      project,
      'Task Deleted',
      `Task "${task.name}" was removed from "${project.title}".`,
      'task',
      [task.assignedToId],
    );
    return files;
  });
  await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
}
