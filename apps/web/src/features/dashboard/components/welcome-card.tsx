import { roleLabel } from '@trowel/shared/auth/roles.ts';
import { bottomNavigation, userMenu, type NavItem } from '@trowel/shared/routes/navigation.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { cn } from '../../../lib/cn.ts';

/** Every destination the role can reach from the navigation and the user menu, once each. */
function shortcutsFor(user: UserDto): NavItem[] {
  const all = [
    ...bottomNavigation(user.role),
    ...userMenu(user.role).flatMap((entry) => ('items' in entry ? entry.items : [entry])),
  ];
  const seen = new Set<string>(['/']);
  return all.filter((item) => (seen.has(item.to) ? false : (seen.add(item.to), true)));
}

export function WelcomeCard({ user }: { user: UserDto }) {
  const shortcuts = shortcutsFor(user);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-4">
        <UserAvatar name={user.name} src={user.avatar} size="md" decorative />
        <div className="min-w-0">
          <h1 className="text-xl font-bold wrap-anywhere text-slate-900 sm:text-2xl">Welcome, {user.name}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone="blue">{roleLabel(user.role)}</Badge>
            {user.company ? <span>{user.company}</span> : null}
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">Quick links</h2>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {shortcuts.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className={cn(
                  'flex items-center justify-between rounded-md border border-slate-200 px-4 py-3 text-sm font-medium text-slate-800 hover:border-blue-300 hover:bg-blue-50',
                  focusRing,
                )}
              >
                {item.label}
                <ArrowRight aria-hidden="true" className="size-4 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
