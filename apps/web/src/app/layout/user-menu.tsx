import { roleMenuText } from '@trowel/shared/auth/roles.ts';
import { userMenu, type NavItem } from '@trowel/shared/routes/navigation.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { MenuContent, MenuItem, MenuSeparator } from '../../components/ui/dropdown-menu.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { cn } from '../../lib/cn.ts';
import { NavIcon } from './nav-icons.tsx';
import { UserMenuFace, userMenuButtonClasses, userMenuLabel } from './user-menu-face.tsx';

const itemColours = 'text-slate-800 data-[highlighted]:bg-slate-100 [&_svg]:size-4 [&_svg]:text-slate-500';

function MenuLink({ item }: { item: NavItem }) {
  return (
    <MenuItem asChild className={itemColours}>
      <Link to={item.to}>
        <NavIcon to={item.to} />
        {item.label}
      </Link>
    </MenuItem>
  );
}

/** Avatar, name and role; opens the role's menu entries and Logout (at once with `defaultOpen`). */
export function UserMenu({ user, defaultOpen = false }: { user: UserDto; defaultOpen?: boolean }) {
  const logout = useLogout();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={userMenuLabel(user)} className={userMenuButtonClasses}>
        <UserMenuFace user={user} />
      </DropdownMenu.Trigger>
      {/* Every screen the bottom bar has no room for is here: on a short screen the menu scrolls. */}
      <MenuContent
        sideOffset={8}
        collisionPadding={8}
        className="max-h-(--radix-dropdown-menu-content-available-height) w-64 overflow-y-auto"
      >
        <DropdownMenu.Label className="px-2 py-2">
          <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
          <span className="block truncate text-xs text-slate-500">{roleMenuText(user.role)}</span>
        </DropdownMenu.Label>
        <MenuSeparator />
        {userMenu(user.role).map((entry) =>
          'items' in entry ? (
            <DropdownMenu.Group key={entry.label}>
              <DropdownMenu.Label className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {entry.label}
              </DropdownMenu.Label>
              {entry.items.map((item) => (
                <MenuLink key={item.to} item={item} />
              ))}
              <MenuSeparator />
            </DropdownMenu.Group>
          ) : (
            <MenuLink key={entry.to} item={entry} />
          ),
        )}
        <MenuSeparator />
        <MenuItem
          className={cn(itemColours, 'text-red-700 [&_svg]:text-red-600')}
          disabled={logout.isPending}
          onSelect={() => logout.mutate()}
        >
          <LogOut />
          Logout
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
