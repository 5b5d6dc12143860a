import { describe, expect, it } from 'vitest';
import { can, isAbility } from '../auth/policy.ts';
import { ROLES } from '../auth/roles.ts';
import {
  bottomNavigation,
  navigationLinks,
  projectLinks,
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
        'Look-ahead',
        'RFQs',
        'Vendors',
        'Purchase Orders',
        'Invoices',
        'Budgets',
        'Costs',
        'Material Requests',
        'Inventory',
        'Reports',
        'Media',
        'Testimonials',
        'Outbox',
        'Profile',
        'Settings',
      ],
    ],
    [
      'project_manager',
      [
        'Management Panel',
        'Manage Staff',
        'Manage Clients',
        'Look-ahead',
        'Budgets',
        'Material Requests',
        'Inventory',
        'Reports',
        'Media',
        'Outbox',
        'Profile',
        'Settings',
      ],
    ],
    [
      'project_lead',
      [
        'Look-ahead',
        'Purchase Orders',
        'Budgets',
        'Material Requests',
        'Inventory',
        'Reports',
        'Media',
        'Outbox',
        'Profile',
        'Settings',
      ],
    ],
    [
      'quantity_surveyor',
      [
        'Look-ahead',
        'RFQs',
        'Vendors',
        'Purchase Orders',
        'Invoices',
        'Budgets',
        'Reports',
        'Media',
        'Outbox',
        'Profile',
        'Settings',
      ],
    ],
    [
      'accountant',
      [
        'Look-ahead',
        'Purchase Orders',
        'Invoices',
        'Budgets',
        'Costs',
        'Reports',
        'Media',
        'Outbox',
        'Profile',
        'Settings',
      ],
    ],
    [
      'store_keeper',
      [
        'Look-ahead',
        'Purchase Orders',
        'Material Requests',
        'Inventory',
        'Reports',
        'Media',
        'Outbox',
        'Profile',
        'Settings',
      ],
    ],
    [
      'team_member',
      ['Look-ahead', 'Material Requests', 'Inventory', 'Reports', 'Media', 'Outbox', 'Profile', 'Settings'],
    ],
    ['client', ['Reports', 'Media', 'Testimonials', 'Profile', 'Settings']],
    ['vendor', ['Purchase Orders', 'Invoices', 'Profile', 'Settings']],
  ] as const)('%s sees %j', (role, expected) => {
    expect(flatten(userMenu(role))).toEqual(expected);
  });
});

/**
 * Top-level screens reached by something other than the bottom bar and the user menu, and what reaches
 * them. Every other top-level screen a role may open must be in that role's navigation.
 */
const REACHED_OTHERWISE: Partial<Record<WebRoute, string>> = {
  '/updates': 'the Daily Log screen under its other address',
  '/notifications': 'the notification bell in the header',
  '/projects/new': "'New Project' on /projects (and the dashboard's quick actions)",
  '/admin/staff/new': "'Add Staff' on /admin/staff",
  '/admin/clients/new': "'Add Client' on /admin/clients",
  '/profile': 'the bottom bar; vendors are sent on to /vendor/profile',
};

/** Screens of their own (no parameter in the address) behind the session: the ones navigation must reach. */
const topLevelScreens = (Object.keys(WEB_ROUTES) as WebRoute[]).filter(
  (route) => WEB_ROUTES[route] !== 'public' && !route.includes(':'),
);

describe('every screen a role may open is reachable from its navigation', () => {
  it.each(ROLES)('%s', (role) => {
    const linked = new Set(navigationLinks(role).map((item) => item.to));
    const unreachable = topLevelScreens.filter(
      (route) => mayOpenRoute(route, role) && !linked.has(route) && !REACHED_OTHERWISE[route],
    );
    expect(unreachable).toEqual([]);
  });

  it('names only screens that exist and are not linked from every navigation', () => {
    for (const route of Object.keys(REACHED_OTHERWISE)) expect(topLevelScreens).toContain(route);
  });
});

describe('projectLinks', () => {
  const id = 'a1/b';
  it.each(ROLES)(
    "%s gets the project's schedule, budgets, costs and material requests when it may open them",
    (role) => {
      const links = projectLinks(role, id);
      const expected = [
        ...(mayOpenRoute('/projects/:id/schedule', role) ? ['/projects/a1%2Fb/schedule'] : []),
        ...(mayOpenRoute('/projects/:id/budget', role) ? ['/projects/a1%2Fb/budget'] : []),
        ...(mayOpenRoute('/projects/:id/costs', role) ? ['/projects/a1%2Fb/costs'] : []),
        ...(mayOpenRoute('/material-requests', role) ? ['/material-requests?projectId=a1%2Fb'] : []),
      ];
      expect(links.map((link) => link.href)).toEqual(expected);
    },
  );

  it('links a store keeper to the material requests and a quantity surveyor to the budgets', () => {
    expect(projectLinks('store_keeper', 'p1').map((link) => link.label)).toEqual([
      'Schedule',
      'Material Requests',
    ]);
    expect(projectLinks('quantity_surveyor', 'p1').map((link) => link.label)).toEqual([
      'Schedule',
      'Budgets',
      'Costs',
    ]);
    expect(projectLinks('client', 'p1').map((link) => link.label)).toEqual(['Schedule']);
    expect(projectLinks('vendor', 'p1')).toEqual([]);
  });

  it("leaves out budgets and costs on a project whose figures the person does not see (another's lead)", () => {
    expect(projectLinks('project_lead', 'p1', false).map((link) => link.label)).toEqual([
      'Schedule',
      'Material Requests',
    ]);
  });
});

describe('the ability table, the route table and the navigation agree', () => {
  // Routes behind an ability that some role's navigation links to.
  const gated = [...new Set(ROLES.flatMap((role) => navigationLinks(role).map((item) => item.to)))].filter(
    (route) => WEB_ROUTES[route] !== 'any' && WEB_ROUTES[route] !== 'public',
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

  it.each(Object.keys(WEB_ROUTES) as WebRoute[])('%s opens for the roles of its abilities', (route) => {
    const access = WEB_ROUTES[route];
    for (const role of ROLES) {
      const abilities = typeof access === 'string' ? [access] : access;
      const expected = abilities.some(
        (ability) =>
          ability === 'public' || ability === 'any' || (isAbility(ability) && can({ role }, ability)),
      );
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
    ['/', 'vendor', true],
    ['/projects', 'client', true],
    ['/projects', 'vendor', false],
    ['/reports', 'vendor', false],
    ['/testimonials', 'client', true],
    ['/testimonials', 'admin', true],
    ['/testimonials', 'accountant', false],
    ['/material-requests', 'store_keeper', true],
    ['/material-requests', 'accountant', false],
    ['/projects/:id/schedule', 'client', true],
    ['/projects/:id/schedule', 'vendor', false],
    ['/schedule/look-ahead', 'team_member', true],
    ['/schedule/look-ahead', 'client', false],
  ] as const)('%s for %s is %s', (route, role, allowed) => {
    expect(mayOpenRoute(route, role)).toBe(allowed);
  });

  it('has the two public routes only', () => {
    const publicRoutes = Object.entries(WEB_ROUTES).filter(([, access]) => access === 'public');
    expect(publicRoutes.map(([route]) => route)).toEqual(['/login', '/auth/auto-login']);
  });
});
