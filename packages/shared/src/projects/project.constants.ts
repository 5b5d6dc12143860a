/** Project categories offered on create and edit. */
export const PROJECT_CATEGORIES = [
  'Commercial',
  'Residential',
  'Industrial',
  'Educational',
  'Government',
] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/** Project and phase status values. */
export const PROJECT_STATUSES = ['not_started', 'in_progress', 'on_hold', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A project status in words, as screens and exports show it. */
export const PROJECT_STATUS_LABELS = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  on_hold: 'On Hold',
  completed: 'Completed',
} as const satisfies Record<ProjectStatus, string>;

/** Roles a project lead may have (on create; edit omits architect). */
export const LEAD_CANDIDATE_ROLES = ['project_lead', 'architect', 'admin', 'project_manager'] as const;
export const LEAD_CANDIDATE_ROLES_ON_EDIT = ['project_lead', 'admin', 'project_manager'] as const;
/** Roles a task may be assigned to. */
export const ASSIGNEE_ROLES = ['team_member', 'project_lead'] as const;

export const TASK_PROGRESS_STEPS = [0, 25, 50, 75, 100] as const;
export const ATTENTION_PROGRESS_THRESHOLD = 30;
export const PROJECT_PAGE_SIZE_NARROW = 8;
export const PROJECT_PAGE_SIZE_WIDE = 12;
export const NARROW_SCREEN_PX = 768;
export const INFINITE_SCROLL_MARGIN_PX = 100;
export const SCROLL_TO_TOP_AFTER_PX = 400;
export const DETAIL_LOG_COUNT = 5;
export const DETAIL_MEDIA_COUNT = 8;
export const DETAIL_BUDGET_COUNT = 3;

export const DELETE_PROJECT_CONFIRMATION = (title: string) =>
  `Are you sure you want to delete "${title}"? This action cannot be undone and will remove all associated data including tasks, phases, and daily logs.`;
export const DELETE_PHASE_CONFIRMATION = (label: string) =>
  `Are you sure you want to delete the phase "${label}"? This action cannot be undone.`;

/** A status as the phases card shows it: uppercase, underscores as spaces. */
export function statusText(status: string): string {
  return status.replaceAll('_', ' ').toUpperCase();
}
