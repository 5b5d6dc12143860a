import { describe, expect, it } from 'vitest';
import { maySeeMoney, shownMoney } from './money-visibility.ts';
import { ROLES, STAFF_ROLES, type Role } from './roles.ts';
import { canSeeFeedItem, canViewProject, projectScope, scopeKey } from './scope.ts';

const actor = (role: Role, id = 'me') => ({ id, role });
const staff = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);

describe('project scope: clients their own, vendors none, staff all', () => {
  it.each(ROLES)('%s', (role) => {
    const expected = staff(role) ? 'all' : role === 'client' ? 'own' : 'none';
    expect(projectScope({ role })).toBe(expected);
    expect(canViewProject(actor(role), { clientId: 'someone-else' })).toBe(staff(role));
    expect(canViewProject(actor(role), { clientId: 'me' })).toBe(role !== 'vendor');
    expect(canSeeFeedItem({ role }, { isClientVisible: false })).toBe(staff(role));
    expect(canSeeFeedItem({ role }, { isClientVisible: true })).toBe(role !== 'vendor');
  });

  it('names one cache key per client and one for all staff', () => {
    expect(scopeKey(actor('admin', 'a'))).toBe(scopeKey(actor('team_member', 'b')));
    expect(scopeKey(actor('client', 'a'))).not.toBe(scopeKey(actor('client', 'b')));
    expect(scopeKey(actor('vendor', 'a'))).toBe('none');
  });
});

describe('money visibility', () => {
  it.each(ROLES)('%s', (role) => {
    expect(maySeeMoney({ role }, 'internal-cost')).toBe(staff(role));
    const readsFinancials = ['admin', 'project_manager', 'accountant', 'quantity_surveyor', 'client'];
    expect(maySeeMoney({ role }, 'project-value')).toBe(readsFinancials.includes(role));
    expect(shownMoney({ role }, 'internal-cost', 1250.5)).toBe(staff(role) ? 1250.5 : null);
  });
});
