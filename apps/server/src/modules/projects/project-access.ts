import {
  canEditProject,
  canEditTasksFully,
  canViewProject,
  canWorkOnTask,
} from '@trowel/shared/projects/project.policy.ts';
import type { Repositories } from '../../context.ts';
import type { ModuleContext } from '../../platform.ts';
import type { ProjectRow } from '../../db/schema/projects.ts';
import type { AuthUser } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/app-error.ts';

/**
 * Object-level rules of projects, phases and tasks, read from the shared policy. Routes run them
 * before the body is looked at (`config.authorize`); services run them again inside the transaction
 * that writes, on the locked rows.
 */

/** A project the actor may see, or 404. */
export async function visibleProject(repos: Repositories, actor: AuthUser, id: string) {
  const project = await repos.projects.findVisible(actor, id);
  if (!project) throw notFound('Project');
  return project;
}

/** A project the actor may see, locked for the transaction; 404 for anything else. */
export async function lockVisibleProject(scoped: Repositories, actor: AuthUser, projectId: string) {
  const project = await scoped.projects.lock(projectId);
  if (!project || !canViewProject(actor, project)) throw notFound('Project');
  return project;
}

export function assertMayEditProject(actor: AuthUser, project: ProjectRow) {
  if (!canEditProject(actor, project)) throw forbidden("You don't have permission to edit this project");
}

export function assertMayEditTasks(actor: AuthUser, project: ProjectRow) {
  if (!canEditTasksFully(actor, project))
    throw forbidden("You don't have permission to change this project's tasks");
}

export async function loadPhase(repos: Repositories, projectId: string, phaseId: string) {
  const phase = await repos.phases.findPhase(projectId, phaseId);
  if (!phase) throw notFound('Phase');
  return phase;
}

export async function loadTask(repos: Repositories, projectId: string, phaseId: string, taskId: string) {
  await loadPhase(repos, projectId, phaseId);
  const task = await repos.phases.findTask(phaseId, taskId);
  if (!task) throw notFound('Task');
  return task;
}

/** Route checks: who may change a project, its phases, its tasks, or one task. */
export const projectRules = (ctx: ModuleContext) => ({
  editProject: async (actor: AuthUser, params: Record<string, string>) => {
    assertMayEditProject(actor, await visibleProject(ctx, actor, params.id!));
  },
  editSchedule: async (actor: AuthUser, params: Record<string, string>) => {
    assertMayEditTasks(actor, await visibleProject(ctx, actor, params.id!));
  },
  editTasks: async (actor: AuthUser, params: Record<string, string>) => {
    const project = await visibleProject(ctx, actor, params.id!);
    await loadPhase(ctx, project.id, params.phaseId!);
    assertMayEditTasks(actor, project);
  },
  workOnTask: async (actor: AuthUser, params: Record<string, string>) => {
    const project = await visibleProject(ctx, actor, params.id!);
    const task = await loadTask(ctx, project.id, params.phaseId!, params.taskId!);
    if (!canWorkOnTask(actor, project, task)) throw forbidden("You don't have permission to edit this task");
  },
});
