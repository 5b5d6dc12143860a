import type { Role } from '@trowel/shared/auth/roles.ts';
import { bottomNavigation } from '@trowel/shared/routes/navigation.ts';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { NavIcon } from './nav-icons.tsx';

/** The tab bar of phones and small tablets (below 768 px). */
export function BottomNavigation({ role }: { role: Role }) {
  const items = bottomNavigation(role);
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-lg">
        {items.map((item) => (
          <li key={item.to} className="flex-1">
            <NavLink
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) =>
                cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset',
                  isActive ? 'text-blue-700' : 'text-slate-600 hover:text-slate-900',
                )
              }
            >
              <NavIcon to={item.to} className="size-5" />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
