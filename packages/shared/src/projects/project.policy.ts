import type { Actor } from '../auth/policy.ts';
import { can } from '../auth/policy.ts';
import { maySeeMoney } from '../auth/money-visibility.ts';
import { canViewProject } from '../auth/scope.ts';

export { canViewProject };

export interface ProjectRef {
  projectLeadId: string | null;
  clientId: string | null;
}

/** Whether the actor leads this project (a role that may lead, named as its lead). */
export function leadsProject(actor: Actor, project: ProjectRef): boolean {
  return can(actor, 'projects:lead') && project.projectLeadId === actor.id;
}

/** A project's budgets and costs: leads and architects see them only on the projects they lead (else 404). */
export function seesProjectFigures(actor: Actor, project: ProjectRef): boolean {
  return !can(actor, 'projects:lead') || leadsProject(actor, project);
}

/** Edit the project, and add, rename and delete its phases. */
export function canEditProject(actor: Actor, project: ProjectRef): boolean {
  return can(actor, 'projects:edit-any') || leadsProject(actor, project);
}

/** Full task edit: label, task name, assignee, dates, add and delete tasks. */
export function canEditTasksFully(actor: Actor, project: ProjectRef): boolean {
  return can(actor, 'tasks:edit-any') || leadsProject(actor, project);
}

/** The assigned team member may change notes, progress and attachments of their own task. */
export function canEditOwnTask(actor: Actor, task: { assignedToId: string | null }): boolean {
  return task.assignedToId === actor.id;
}

/** Whether the actor may change a task at all (fully, or as its assignee). */
export function canWorkOnTask(actor: Actor, project: ProjectRef, task: { assignedToId: string | null }) {
  return canEditTasksFully(actor, project) || canEditOwnTask(actor, task);
}

/** Fields an assignee may change on their own task. */
export const ASSIGNEE_TASK_FIELDS = ['notes', 'progress'] as const;

export const canCreateProject = (actor: Pick<Actor, 'role'>) => can(actor, 'projects:create');
export const canDeleteProject = (actor: Pick<Actor, 'role'>) => can(actor, 'projects:delete');

export interface ProjectAbilities {
  edit: boolean;
  delete: boolean;
  managePhases: boolean;
  editTasksFully: boolean;
  viewBudget: boolean;
  viewFinancials: boolean;
  /** Budget and spent are shown; otherwise the project's value. */
  seeInternalCosts: boolean;
}

/** What this user may do to this project now; the web app shows controls from it, the server enforces it. */
export function projectAbilities(actor: Actor, project: ProjectRef): ProjectAbilities {
  const edit = canEditProject(actor, project);
  return {
    edit,
    delete: canDeleteProject(actor),
    managePhases: edit,
    editTasksFully: canEditTasksFully(actor, project),
    viewBudget: can(actor, 'budgets:read') && seesProjectFigures(actor, project),
    viewFinancials: can(actor, 'financials:read'),
    seeInternalCosts: maySeeMoney(actor, 'internal-cost'),
  };
}
