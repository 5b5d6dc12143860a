import { can } from '../auth/policy.ts';
import type { Role } from '../auth/roles.ts';
import type { WebRoute } from './route-access.ts';

export interface NavItem {
  label: string;
  to: WebRoute;
}

const PROFILE: NavItem = { label: 'Profile', to: '/profile' };
const VENDOR_PROFILE: NavItem = { label: 'Profile', to: '/vendor/profile' };

/** The profile of a role: vendors have their own. */
const profileOf = (role: Role) => (can({ role }, 'vendor:portal') ? VENDOR_PROFILE : PROFILE);

/** The mobile bottom navigation of a role. */
export function bottomNavigation(role: Role): NavItem[] {
  if (can({ role }, 'vendor:portal')) {
    return [{ label: 'Dashboard', to: '/' }, { label: 'RFQs', to: '/rfqs' }, VENDOR_PROFILE];
  }
  const items: NavItem[] = [
    { label: 'Dashboard', to: '/' },
    { label: 'Projects', to: '/projects' },
    { label: 'Daily Log', to: '/daily-log' },
  ];
  if (can({ role }, 'procurement:access')) items.push({ label: 'Vendors', to: '/procurement/vendors' });
  items.push(PROFILE);
  return items;
}

export interface UserMenuGroup {
  label: string;
  items: NavItem[];
}

/** The header user menu of a role, in display order (Logout is always last and not listed). */
export function userMenu(role: Role): Array<NavItem | UserMenuGroup> {
  const entries: Array<NavItem | UserMenuGroup> = [];
  if (can({ role }, 'users:manage')) {
    entries.push({
      label: can({ role }, 'users:manage-admins') ? 'Admin Panel' : 'Management Panel',
      items: [
        { label: 'Manage Staff', to: '/admin/staff' },
        { label: 'Manage Clients', to: '/admin/clients' },
      ],
    });
  }
  if (can({ role }, 'procurement:access')) {
    entries.push(
      { label: 'RFQs', to: '/procurement/rfqs' },
      { label: 'Vendors', to: '/procurement/vendors' },
    );
  }
  if (can({ role }, 'inventory:access')) entries.push({ label: 'Inventory', to: '/inventory' });
  entries.push(profileOf(role));
  entries.push({ label: 'Settings', to: '/settings' });
  return entries;
}

/** Every link of a role's navigation (bottom bar and user menu). */
export function navigationLinks(role: Role): NavItem[] {
  return [
    ...bottomNavigation(role),
    ...userMenu(role).flatMap((entry) => ('items' in entry ? entry.items : [entry])),
  ];
}
