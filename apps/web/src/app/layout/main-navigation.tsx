import type { Role } from '@trowel/shared/auth/roles.ts';
import { bottomNavigation } from '@trowel/shared/routes/navigation.ts';
import { NavLink } from 'react-router';
import { focusRing } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

/** The same destinations as the bottom navigation, in the header from 768 px up. */
export function MainNavigation({ role }: { role: Role }) {
  return (
    <nav aria-label="Main navigation" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {bottomNavigation(role).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium',
                  focusRing,
                  isActive ? 'bg-blue-50 text-blue-700' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
