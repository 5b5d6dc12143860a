import { can, type Actor } from '../auth/policy.ts';

/**
 * Whose tasks the look-ahead lists: those who run every project (the administrator, the project
 * managers, the QS, the accountant) see every project's; site staff see the projects they lead or
 * are members of, and the tasks assigned to them.
 */
export const lookAheadCoversEveryProject = (actor: Pick<Actor, 'role'>) => can(actor, 'projects:edit-any');

/**
 * Whether a task's notes come with the schedule's exports: they are the staff's own working notes, so
 * a client reads the schedule of their project without them.
 */
export const mayReadTaskNotes = (actor: Pick<Actor, 'role'>) => can(actor, 'projects:read-all');
