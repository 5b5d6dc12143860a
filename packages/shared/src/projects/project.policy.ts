import type { Actor } from '../auth/policy.ts';
import { can } from '../auth/policy.ts';
import type { Role } from '../auth/roles.ts';

export interface ProjectRef {
  projectLeadId: string | null;
  clientId: string | null;
}

const EDITORS: readonly Role[] = ['admin', 'project_manager', 'quantity_surveyor', 'accountant'];
const FULL_TASK_EDITORS: readonly Role[] = ['admin', 'quantity_surveyor'];

/** Whether the actor leads this project (as project lead or architect). */
export function leadsProject(actor: Actor, project: ProjectRef): boolean {
  return (actor.role === 'project_lead' || actor.role === 'architect') && project.projectLeadId === actor.id;
}

/** Whether the actor may see the project at all: clients only their own; vendors none. */
export function canViewProject(actor: Actor, project: ProjectRef): boolean {
  if (actor.role === 'client') return project.clientId === actor.id;
  return actor.role !== 'vendor';
}

/** Edit the project, and add, rename and delete its phases. */
export function canEditProject(actor: Actor, project: ProjectRef): boolean {
  return EDITORS.includes(actor.role) || leadsProject(actor, project);
}

/** Full task edit: label, task name, assignee, dates, add and delete tasks. */
export function canEditTasksFully(actor: Actor, project: ProjectRef): boolean {
  return FULL_TASK_EDITORS.includes(actor.role) || leadsProject(actor, project);
}

/** The assigned team member may change notes, progress and attachments of their own task. */
export function canEditOwnTask(actor: Actor, task: { assignedToId: string | null }): boolean {
  return task.assignedToId === actor.id;
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
}

/** What this user may do to this project now; the web app shows controls from it, the server enforces it. */
export function projectAbilities(actor: Actor, project: ProjectRef): ProjectAbilities {
  const edit = canEditProject(actor, project);
  return {
    edit,
    delete: canDeleteProject(actor),
    managePhases: edit,
    editTasksFully: canEditTasksFully(actor, project),
    viewBudget: (
      ['admin', 'project_manager', 'accountant', 'project_lead', 'architect', 'quantity_surveyor'] as Role[]
    ).includes(actor.role),
    viewFinancials: (['admin', 'project_manager', 'accountant', 'quantity_surveyor'] as Role[]).includes(
      actor.role,
    ),
  };
}
