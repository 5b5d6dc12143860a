import { USER_CACHE_PREFIX } from '../lib/session.ts';

/** Where the signed-in person last was; under the user cache prefix, so sign-out forgets it. */
const LAST_ROUTE_KEY = `${USER_CACHE_PREFIX}last-route`;

interface RouterLike {
  state: { location: { pathname: string; search: string } };
  subscribe: (listener: (state: { location: { pathname: string; search: string } }) => void) => unknown;
  navigate: (to: string, options: { replace: boolean }) => unknown;
}

/** Remembers each signed-in screen the person opens (not the sign-in and public pages). */
export function keepLastRoute(router: RouterLike): void {
  router.subscribe(({ location }) => {
    if (location.pathname === '/login' || location.pathname.startsWith('/auto-login')) return;
    try {
      window.localStorage.setItem(LAST_ROUTE_KEY, location.pathname + location.search);
    } catch {
      // Storage blocked: the app opens on its home screen.
    }
  });
}

/** Whether this page is the installed app, opened from the home screen rather than in a browser tab. */
function isInstalledApp(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

/** The installed app opens (at its start address, /) where the person last was. */
export function returnToLastRoute(router: RouterLike): void {
  if (!isInstalledApp() || router.state.location.pathname !== '/') return;
  let last: string | null;
  try {
    last = window.localStorage.getItem(LAST_ROUTE_KEY);
  } catch {
    return;
  }
  if (last && last !== '/' && last.startsWith('/')) void router.navigate(last, { replace: true });
}
