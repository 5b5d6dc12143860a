import { can } from '../auth/policy.ts';
import type { Role } from '../auth/roles.ts';
import { mayOpenRoute, type WebRoute } from './route-access.ts';

export interface NavItem {
  label: string;
  to: WebRoute;
}

const PROFILE: NavItem = { label: 'Profile', to: '/profile' };
const VENDOR_PROFILE: NavItem = { label: 'Profile', to: '/vendor/profile' };

/** Those of the items the role may open, by the route table. */
const openTo = (role: Role, items: readonly NavItem[]) => items.filter((item) => mayOpenRoute(item.to, role));

/** The profile of a role: vendors have their own. */
const profileOf = (role: Role) => (can({ role }, 'vendor:portal') ? VENDOR_PROFILE : PROFILE);

/** The mobile bottom navigation of a role (spec 1 §2: five entries at most, to fit a phone). */
export function bottomNavigation(role: Role): NavItem[] {
  if (can({ role }, 'vendor:portal')) {
    return [{ label: 'Dashboard', to: '/' }, { label: 'RFQs', to: '/rfqs' }, VENDOR_PROFILE];
  }
  return [
    ...openTo(role, [
      { label: 'Dashboard', to: '/' },
      { label: 'Projects', to: '/projects' },
      { label: 'Daily Log', to: '/daily-log' },
      { label: 'Vendors', to: '/procurement/vendors' },
    ]),
    PROFILE,
  ];
}

export interface UserMenuGroup {
  label: string;
  items: NavItem[];
}

const PEOPLE_ADMINISTRATION: NavItem[] = [
  { label: 'Manage Staff', to: '/admin/staff' },
  { label: 'Manage Clients', to: '/admin/clients' },
];

/**
 * The screens of the user menu between the administration group and Profile, in display order: the
 * spec's RFQs, Vendors and Inventory, and every other screen the bottom bar has no room for. Each shows
 * to the roles the route table lets open it.
 */
const MENU_SCREENS: readonly NavItem[] = [
  { label: 'Look-ahead', to: '/schedule/look-ahead' },
  { label: 'RFQs', to: '/procurement/rfqs' },
  { label: 'Vendors', to: '/procurement/vendors' },
  { label: 'Purchase Orders', to: '/purchase-orders' },
  { label: 'Invoices', to: '/invoices' },
  { label: 'Budgets', to: '/budgets' },
  { label: 'Costs', to: '/costs' },
  { label: 'Material Requests', to: '/material-requests' },
  { label: 'Inventory', to: '/inventory' },
  { label: 'Reports', to: '/reports' },
  { label: 'Media', to: '/media' },
  { label: 'Testimonials', to: '/testimonials' },
  { label: 'Outbox', to: '/outbox' },
];

/** The header user menu of a role, in display order (Logout is always last and not listed). */
export function userMenu(role: Role): Array<NavItem | UserMenuGroup> {
  const entries: Array<NavItem | UserMenuGroup> = [];
  const administration = openTo(role, PEOPLE_ADMINISTRATION);
  if (administration.length > 0) {
    entries.push({
      label: can({ role }, 'users:manage-admins') ? 'Admin Panel' : 'Management Panel',
      items: administration,
    });
  }
  entries.push(...openTo(role, MENU_SCREENS), profileOf(role), { label: 'Settings', to: '/settings' });
  return entries;
}

/** Every link of a role's navigation (bottom bar and user menu). */
export function navigationLinks(role: Role): NavItem[] {
  return [
    ...bottomNavigation(role),
    ...userMenu(role).flatMap((entry) => ('items' in entry ? entry.items : [entry])),
  ];
}

/** A link of a project's page to one of that project's views of another screen. */
export interface ProjectLink extends NavItem {
  /** The address, with the project filled in. */
  href: string;
}

/**
 * The project page's links to the project's schedule, budgets, costs and material requests, for the roles that
 * may open them; budgets and costs only where the person sees this project's (`seesProjectFigures`).
 */
export function projectLinks(role: Role, projectId: string, seesFigures = true): ProjectLink[] {
  const id = encodeURIComponent(projectId);
  const links: ProjectLink[] = [
    { label: 'Schedule', to: '/projects/:id/schedule', href: `/projects/${id}/schedule` },
    { label: 'Budgets', to: '/projects/:id/budget', href: `/projects/${id}/budget` },
    { label: 'Costs', to: '/projects/:id/costs', href: `/projects/${id}/costs` },
    { label: 'Material Requests', to: '/material-requests', href: `/material-requests?projectId=${id}` },
  ];
  const figures = new Set<WebRoute>(['/projects/:id/budget', '/projects/:id/costs']);
  return links.filter((link) => mayOpenRoute(link.to, role) && (seesFigures || !figures.has(link.to)));
}
