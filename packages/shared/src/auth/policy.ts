import { STAFF_ROLES, type Role } from './roles.ts';

/**
 * Who may do what, by role alone. Object-level rules (lead of this project, author of this log)
 * are checked by the services on top of this table.
 */
export const ROLE_ABILITIES = {
  /** Read people: lookups for pickers and the admin lists. */
  'users:read': STAFF_ROLES,
  /** Create, edit and delete staff and client accounts (staff and client administration). */
  'users:manage': ['admin', 'project_manager'],
  /** Create, edit or delete an administrator account, or give someone the admin role. */
  'users:manage-admins': ['admin'],
  'procurement:access': ['admin', 'quantity_surveyor'],
  'inventory:access': ['admin', 'project_manager', 'project_lead', 'store_keeper', 'team_member'],
  'projects:create': ['admin', 'project_manager', 'architect'],
  'projects:delete': ['admin', 'project_manager'],
  'dashboard:quick-actions': ['admin', 'project_manager', 'architect'],
  'settings:admin': ['admin'],
  /** Write daily logs and upload project media (everyone of the company; clients only read and reply). */
  'logs:write': STAFF_ROLES,
  'media:upload': STAFF_ROLES,
  /** Delete any project media item (its uploader may always delete their own). */
  'media:delete-any': ['admin', 'project_manager'],
} as const satisfies Record<string, readonly Role[]>;

export type Ability = keyof typeof ROLE_ABILITIES;

export interface Actor {
  id: string;
  role: Role;
}

/** True when a user of this role may perform the ability. */
export function can(actor: Pick<Actor, 'role'> | null | undefined, ability: Ability): boolean {
  if (!actor) return false;
  return (ROLE_ABILITIES[ability] as readonly Role[]).includes(actor.role);
}

/** The roles allowed an ability, for routes that declare their access. */
export function rolesFor(ability: Ability): readonly Role[] {
  return ROLE_ABILITIES[ability];
}

/**
 * Whether the actor may edit another user's account (staff and client administration).
 * Administrators' accounts, and the admin role itself, are managed by administrators only.
 */
export function canManageUser(
  actor: Pick<Actor, 'role'>,
  target: { role: Role },
  newRole?: Role | undefined,
): boolean {
  if (!can(actor, 'users:manage')) return false;
  if (target.role === 'admin' || newRole === 'admin') return can(actor, 'users:manage-admins');
  return true;
}
