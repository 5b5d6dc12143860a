import { describe, expect, it } from 'vitest';
import { can, canManageUser, ROLE_ABILITIES, type Ability } from './policy.ts';
import { ROLES, roleLabel, roleMenuText, STAFF_ROLES, type Role } from './roles.ts';

describe('roleLabel', () => {
  it.each([
    ['admin', 'Administrator'],
    ['project_manager', 'Project Manager'],
    ['project_lead', 'Project Lead'],
    ['architect', 'Architect'],
    ['quantity_surveyor', 'Quantity Surveyor'],
    ['accountant', 'Accountant'],
    ['store_keeper', 'Store Keeper'],
    ['team_member', 'Site Engineer / Team Member'],
    ['client', 'Client'],
    ['surveyor', 'User'],
    [undefined, 'User'],
  ])('%s is shown as %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });

  it('shows the role in the header menu with underscores as spaces', () => {
    expect(roleMenuText('quantity_surveyor')).toBe('quantity surveyor');
  });
});

const expected: Record<Ability, Role[]> = {
  'users:read': [...STAFF_ROLES],
  'users:manage': ['admin', 'project_manager'],
  'users:manage-admins': ['admin'],
  'procurement:access': ['admin', 'quantity_surveyor'],
  'inventory:access': ['admin', 'project_manager', 'project_lead', 'store_keeper', 'team_member'],
  'projects:create': ['admin', 'project_manager', 'architect'],
  'projects:delete': ['admin', 'project_manager'],
  'dashboard:quick-actions': ['admin', 'project_manager', 'architect'],
  'settings:admin': ['admin'],
  'logs:write': [...STAFF_ROLES],
  'media:upload': [...STAFF_ROLES],
  'media:delete-any': ['admin', 'project_manager'],
};

describe('can', () => {
  const cases = (Object.keys(ROLE_ABILITIES) as Ability[]).flatMap((ability) =>
    ROLES.map((role) => [ability, role, expected[ability].includes(role)] as const),
  );
  it.each(cases)('%s for %s is %s', (ability, role, allowed) => {
    expect(can({ role }, ability)).toBe(allowed);
  });

  it('refuses a missing actor', () => {
    expect(can(null, 'users:read')).toBe(false);
  });
});

describe('canManageUser', () => {
  it.each([
    ['admin', 'admin', undefined, true],
    ['admin', 'team_member', 'admin', true],
    ['project_manager', 'team_member', undefined, true],
    ['project_manager', 'client', undefined, true],
    ['project_manager', 'admin', undefined, false],
    ['project_manager', 'team_member', 'admin', false],
    ['architect', 'team_member', undefined, false],
    ['client', 'client', undefined, false],
  ] as const)('%s managing a %s (new role %s) is %s', (actor, target, newRole, allowed) => {
    expect(canManageUser({ role: actor }, { role: target }, newRole)).toBe(allowed);
  });
});
