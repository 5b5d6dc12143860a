import { describe, expect, it } from 'vitest';
import { can, isAbility } from '../auth/policy.ts';
import { ROLES } from '../auth/roles.ts';
import {
  bottomNavigation,
  navigationLinks,
  userMenu,
  type NavItem,
  type UserMenuGroup,
} from './navigation.ts';
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
});

describe('the ability table, the route table and the navigation agree', () => {
  // Routes behind an ability that some role's navigation links to.
  const gated = [...new Set(ROLES.flatMap((role) => navigationLinks(role).map((item) => item.to)))].filter(
    (route) => isAbility(WEB_ROUTES[route]),
  );

  it('links every role only to routes it may open', () => {
    for (const role of ROLES) {
      for (const item of navigationLinks(role)) expect(mayOpenRoute(item.to, role), item.to).toBe(true);
    }
  });

  it.each(ROLES)('%s is linked to every gated route it may open, and no other', (role) => {
    const mine = new Set(navigationLinks(role).map((item) => item.to));
    for (const route of gated) {
      expect(mine.has(route), `${role} ${route}`).toBe(mayOpenRoute(route, role));
    }
  });

  it.each(Object.keys(WEB_ROUTES) as WebRoute[])('%s opens for the roles of its ability', (route) => {
    const access = WEB_ROUTES[route];
    for (const role of ROLES) {
      const expected = access === 'public' || access === 'any' ? true : can({ role }, access);
      expect(mayOpenRoute(route, role), role).toBe(expected);
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
