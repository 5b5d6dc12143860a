import { roleMenuText } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { ChevronDown } from 'lucide-react';
import { focusRing } from '../../components/ui/button.tsx';
import { UserAvatar } from '../../components/ui/user-avatar.tsx';
import { cn } from '../../lib/cn.ts';

/** The user menu button's classes, shared by the menu and its stand-in while the menu's code loads. */
export const userMenuButtonClasses = cn(
  'flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 sm:rounded-lg sm:pr-2',
  focusRing,
);

/**
 * The user menu button's accessible name: what it shows (name and role) first, so people who speak
 * to their computer can say what they see (WCAG 2.5.3), then what it is.
 */
export function userMenuLabel(user: UserDto): string {
  return `${user.name}, ${roleMenuText(user.role)}: User menu`;
}

/** What the user menu button shows: avatar, name and role. */
export function UserMenuFace({ user }: { user: UserDto }) {
  return (
    <>
      <UserAvatar name={user.name} src={user.avatar} size="sm" decorative />
      <span className="hidden min-w-0 text-left sm:block">
        <span className="block max-w-40 truncate text-sm font-medium text-slate-900">{user.name}</span>{' '}
        <span className="block max-w-40 truncate text-xs text-slate-500">{roleMenuText(user.role)}</span>
      </span>
      <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 sm:block" />
    </>
  );
}
