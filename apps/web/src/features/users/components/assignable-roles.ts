import { canManageUser } from '@trowel/shared/auth/policy.ts';
import { STAFF_ROLES, type Role } from '@trowel/shared/auth/roles.ts';

/** The staff roles this actor may give to the target (a new staff member when no target is given). */
export function assignableStaffRoles(
  actor: { role: Role },
  target: { role: Role } = { role: 'team_member' },
): Role[] {
  return STAFF_ROLES.filter((role) => canManageUser(actor, target, role));
}
