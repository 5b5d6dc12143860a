import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.ts';
import { bottomNavigation, userMenu, type NavItem, type UserMenuGroup } from './navigation.ts';
import { mayOpenRoute, WEB_ROUTES, type WebRoute } from './route-access.ts';

const labels = (items: NavItem[]) => items.map((item) => item.label);
const flatten = (entries: Array<NavItem | UserMenuGroup>) =>
  entries.flatMap((entry) => ('items' in entry ? [entry.label, ...labels(entry.items)] : [entry.label]));

describe('bottomNavigation', () => {
  it.each([
    ['admin', ['Dashboard', 'Projects', 'Daily Log', 'Vendors', 'Profile']],
    ['quantity_surveyor', ['Dashboard', 'Projects', 'Daily Log', 'Vendors', 'Profile']],
    ['team_member', ['Dashboard', 'Projects', 'Daily Log', 'Profile']],
    ['client', ['Dashboard', 'Projects', 'Daily Log', 'Profile']],
    ['vendor', ['Dashboard', 'RFQs', 'Profile']],
  ] as const)('%s sees %j', (role, expected) => {
    expect(labels(bottomNavigation(role))).toEqual(expected);
  });

  it('sends vendors to their own profile', () => {
    expect(bottomNavigation('vendor').at(-1)?.to).toBe('/vendor/profile');
  });
});

describe('userMenu', () => {
  it.each([
    [
      'admin',
      [
        'Admin Panel',
        'Manage Staff',
        'Manage Clients',
        'RFQs',
        'Vendors',
        'Inventory',
        'Profile',
        'Settings',
      ],
    ],
    [
      'project_manager',
      ['Management Panel', 'Manage Staff', 'Manage Clients', 'Inventory', 'Profile', 'Settings'],
    ],
    ['quantity_surveyor', ['RFQs', 'Vendors', 'Profile', 'Settings']],
    ['store_keeper', ['Inventory', 'Profile', 'Settings']],
    ['client', ['Profile', 'Settings']],
    ['vendor', ['Profile', 'Settings']],
  ] as const)('%s sees %j', (role, expected) => {
    expect(flatten(userMenu(role))).toEqual(expected);
  });

  it('only links to routes the role may open', () => {
    for (const role of ROLES) {
      const entries = userMenu(role).flatMap((entry) => ('items' in entry ? entry.items : [entry]));
      for (const item of entries)
        expect(mayOpenRoute(item.to as WebRoute, role), `${role} ${item.to}`).toBe(true);
      for (const item of bottomNavigation(role)) expect(mayOpenRoute(item.to as WebRoute, role)).toBe(true);
    }
  });
});

describe('route table', () => {
  it.each([
    ['/projects/new', 'architect', true],
    ['/projects/new', 'project_lead', false],
    ['/admin/staff', 'project_manager', true],
    ['/admin/staff', 'team_member', false],
    ['/rfqs', 'vendor', true],
    ['/rfqs', 'admin', false],
    ['/procurement/rfqs', 'quantity_surveyor', true],
    ['/inventory', 'architect', false],
    ['/projects/:id/financials', 'project_lead', false],
    ['/', 'client', true],
  ] as const)('%s for %s is %s', (route, role, allowed) => {
    expect(mayOpenRoute(route, role)).toBe(allowed);
  });

  it('has the two public routes only', () => {
    const publicRoutes = Object.entries(WEB_ROUTES).filter(([, access]) => access === 'public');
    expect(publicRoutes.map(([route]) => route)).toEqual(['/login', '/auth/auto-login']);
  });
});
