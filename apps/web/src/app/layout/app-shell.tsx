import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { HardHat } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing } from '../../components/ui/button.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { cn } from '../../lib/cn.ts';
import { BottomNavigation } from './bottom-navigation.tsx';
import { MainNavigation } from './main-navigation.tsx';
import { DeferredUserMenu } from './deferred-user-menu.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { OutboxBadge } from './outbox-badge.tsx';
import { useOutboxSync } from './outbox-sync.ts';

/** Header, page content and (on small screens) the bottom navigation of every signed-in screen. */
export function AppShell({ user, children }: { user: UserDto; children: ReactNode }) {
  useOutboxSync(user.id);
  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Link
            to="/"
            className={cn(
              '-ml-1 flex items-center gap-2 rounded-md px-1 text-xl font-bold text-slate-900',
              focusRing,
            )}
          >
            <HardHat aria-hidden="true" className="size-7 text-blue-600" />
            Trowel
          </Link>
          <div className="ml-4 flex-1">
            <MainNavigation role={user.role} />
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            <OutboxBadge userId={user.id} />
            <NotificationBell />
            <DeferredUserMenu user={user} />
          </div>
        </div>
        <OfflineBanner />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 pt-6 pb-24 focus:outline-none sm:px-6 md:pb-10"
      >
        {children}
      </main>
      <BottomNavigation role={user.role} />
    </div>
  );
}
