import { describe, expect, it } from 'vitest';
import { can, canManageUser, ROLE_ABILITIES, type Ability } from './policy.ts';
import {
  isClientRole,
  isStaffRole,
  ROLES,
  roleLabel,
  roleMenuText,
  STAFF_ROLES,
  type Role,
} from './roles.ts';

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

describe('role kinds', () => {
  it.each(ROLES)('%s is staff, a client or a vendor, and only one of them', (role) => {
    const kinds = [isStaffRole(role), isClientRole(role), role === 'vendor'];
    expect(kinds.filter(Boolean)).toHaveLength(1);
  });

  it('refuses what is not a role', () => {
    expect(isClientRole('Client')).toBe(false);
    expect(isClientRole(undefined)).toBe(false);
  });
});

const STAFF: Role[] = [...STAFF_ROLES];
const LEADS: Role[] = ['project_lead', 'architect'];

/** The table as the spec states it (spec 1 §2 and §6, spec 2 §2 and §6, spec 3 §1). */
const expected: Record<Ability, Role[]> = {
  'users:read': STAFF,
  'users:manage': ['admin', 'project_manager'],
  'users:manage-admins': ['admin'],
  'projects:read-all': STAFF,
  'projects:read-own': ['client'],
  'projects:create': ['admin', 'project_manager', 'architect'],
  'projects:edit-any': ['admin', 'project_manager', 'quantity_surveyor', 'accountant'],
  'projects:lead': LEADS,
  'projects:delete': ['admin', 'project_manager'],
  'tasks:edit-any': ['admin', 'quantity_surveyor'],
  'costs:read-internal': STAFF,
  'dashboard:quick-actions': ['admin', 'project_manager', 'architect'],
  'logs:write': STAFF,
  'media:upload': STAFF,
  'media:delete-any': ['admin', 'project_manager'],
  'budgets:read': ['admin', 'project_manager', 'accountant', 'quantity_surveyor', ...LEADS],
  'budgets:create': ['admin', 'accountant', 'quantity_surveyor', ...LEADS],
  'financials:read': ['admin', 'project_manager', 'accountant', 'quantity_surveyor'],
  'financials:manage': ['admin', 'accountant', 'quantity_surveyor'],
  'costs:read': ['admin', 'project_manager', 'accountant', 'project_lead', 'architect', 'quantity_surveyor'],
  'costs:read-company': ['admin', 'accountant'],
  'change-orders:read-all': ['admin', 'project_manager', 'quantity_surveyor', 'accountant'],
  'change-orders:draft': ['admin', 'project_manager', 'project_lead', 'quantity_surveyor'],
  'change-orders:answer': ['client'],
  'material-requests:access': ['admin', 'project_manager', 'project_lead', 'store_keeper', 'team_member'],
  'material-requests:create': ['project_lead', 'team_member'],
  'material-requests:read-all': ['admin', 'project_manager', 'store_keeper'],
  'material-requests:review': ['project_lead'],
  'material-requests:store-update': ['store_keeper'],
  'material-requests:delete-any': ['admin'],
  'inventory:access': ['admin', 'project_manager', 'project_lead', 'store_keeper', 'team_member'],
  'inventory:manage': ['admin', 'project_manager', 'store_keeper'],
  'inventory:delete': ['admin', 'project_manager'],
  'inventory:request': ['project_lead', 'team_member'],
  'inventory:approve-store': ['store_keeper'],
  'inventory:approve-admin': ['admin', 'project_manager'],
  'inventory:request-any-project': ['admin', 'architect', 'project_lead', 'project_manager'],
  'inventory:read-all-requests': ['admin', 'project_manager', 'store_keeper'],
  'procurement:access': ['admin', 'quantity_surveyor'],
  'vendors:delete': ['admin'],
  'vendor:portal': ['vendor'],
  'purchase-orders:read': ['admin', 'quantity_surveyor', 'accountant', 'store_keeper', ...LEADS, 'vendor'],
  'purchase-orders:read-all': ['admin', 'quantity_surveyor', 'accountant', 'store_keeper'],
  'deliveries:record': ['admin', 'store_keeper', ...LEADS],
  'purchase-orders:cancel': ['admin'],
  'invoices:read': ['admin', 'accountant', 'quantity_surveyor', 'vendor'],
  'invoices:read-all': ['admin', 'accountant', 'quantity_surveyor'],
  'invoices:manage': ['admin', 'accountant'],
  'testimonials:create': ['client'],
  'testimonials:read-all': ['admin'],
  'settings:admin': ['admin'],
  'processing:read-any': ['admin'],
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
