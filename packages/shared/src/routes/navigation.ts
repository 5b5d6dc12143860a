import { can } from '../auth/policy.ts';
import type { Role } from '../auth/roles.ts';

export interface NavItem {
  label: string;
  to: string;
}

/** The mobile bottom navigation of a role. */
export function bottomNavigation(role: Role): NavItem[] {
  if (role === 'vendor') {
    return [
      { label: 'Dashboard', to: '/' },
      { label: 'RFQs', to: '/rfqs' },
      { label: 'Profile', to: '/vendor/profile' },
    ];
  }
  const items: NavItem[] = [
    { label: 'Dashboard', to: '/' },
    { label: 'Projects', to: '/projects' },
    { label: 'Daily Log', to: '/daily-log' },
  ];
  if (can({ role }, 'procurement:access')) items.push({ label: 'Vendors', to: '/procurement/vendors' });
  items.push({ label: 'Profile', to: '/profile' });
  return items;
}

export interface UserMenuGroup {
  label: string;
  items: NavItem[];
}

/** The header user menu of a role, in display order (Logout is always last and not listed). */
export function userMenu(role: Role): Array<NavItem | UserMenuGroup> {
  const entries: Array<NavItem | UserMenuGroup> = [];
  if (role === 'admin' || role === 'project_manager') {
    entries.push({
      label: role === 'admin' ? 'Admin Panel' : 'Management Panel',
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
  entries.push({ label: 'Profile', to: role === 'vendor' ? '/vendor/profile' : '/profile' });
  entries.push({ label: 'Settings', to: '/settings' });
  return entries;
}
