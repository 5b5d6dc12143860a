import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { useEffect, useState, type ComponentType } from 'react';
import { UserMenuFace, userMenuButtonClasses, userMenuLabel } from './user-menu-face.tsx';

type UserMenuComponent = ComponentType<{ user: UserDto; defaultOpen?: boolean }>;

let loaded: UserMenuComponent | undefined;
let loading: Promise<UserMenuComponent> | undefined;
function loadUserMenu() {
  loading ??= import('./user-menu.tsx').then((module) => (loaded = module.UserMenu));
  return loading;
}

/** Loads the code once the browser is idle (at most 2 s after the first screen). */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}

/**
 * The user menu, whose code (radix menus, floating-ui) is not needed to show the first screen: a
 * button that looks the same stands in until it has loaded, just after; a tap before that opens
 * the menu as soon as it is there.
 */
export function DeferredUserMenu({ user }: { user: UserDto }) {
  const [Menu, setMenu] = useState(() => loaded);
  const [openOnLoad, setOpenOnLoad] = useState(false);

  useEffect(() => {
    if (Menu) return;
    let mounted = true;
    const cancel = whenIdle(() => {
      void loadUserMenu().then((component) => {
        if (mounted) setMenu(() => component);
      });
    });
    return () => {
      mounted = false;
      cancel();
    };
  }, [Menu]);

  if (Menu) return <Menu user={user} defaultOpen={openOnLoad} />;
  return (
    <button
      type="button"
      aria-label={userMenuLabel(user)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={userMenuButtonClasses}
      onClick={() => {
        setOpenOnLoad(true);
        void loadUserMenu().then((component) => setMenu(() => component));
      }}
    >
      <UserMenuFace user={user} />
    </button>
  );
}
