import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectStatus,
} from '@trowel/shared/projects/project.constants.ts';

const TONES = {
  not_started: 'neutral',
  in_progress: 'blue',
  on_hold: 'amber',
  completed: 'green',
} as const satisfies Record<ProjectStatus, 'neutral' | 'blue' | 'amber' | 'green'>;

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return typeof value === 'string' && (PROJECT_STATUSES as readonly string[]).includes(value);
}

/** A project status in words for badges and filters, e.g. 'On Hold'; unknown values as written. */
export function projectStatusLabel(status: string): string {
  return isProjectStatus(status) ? PROJECT_STATUS_LABELS[status] : status;
}

/** The badge colour of a project status. */
export function projectStatusTone(status: string): (typeof TONES)[ProjectStatus] {
  return isProjectStatus(status) ? TONES[status] : 'neutral';
}
