import { RouterProvider } from 'react-router';
import { dashboardStatsQueryOptions } from '../features/dashboard/api/get-dashboard-stats.ts';
import { getToken, loginPathFor, setAuthFailureHandler } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { resetSession, sessionQueryOptions } from '../lib/session.ts';
import { keepLastRoute, returnToLastRoute } from './last-route.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter, preloadSignedInScreens, preloadSignInScreen } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter();

// A lost session anywhere: forget the user's data and sign in again, then come back here.
setAuthFailureHandler(() => {
  resetSession(queryClient);
  const { pathname, search } = router.state.location;
  if (pathname !== '/login') void router.navigate(loginPathFor({ pathname, search }), { replace: true });
});

let persisting: Promise<void> | null = null;

/** Restores the persisted query cache and keeps it from then on (its code loads with a session only). */
function keepQueryCache(): Promise<void> {
  persisting ??= import('../lib/offline/persisted-cache.ts').then(({ startPersistedCache }) =>
    startPersistedCache(queryClient),
  );
  return persisting;
}

// A person who signs in during the visit has their answers kept from then on too.
queryClient.getQueryCache().subscribe((event) => {
  if (event.query.queryKey[0] === queryKeys.session[0] && event.query.state.data) void keepQueryCache();
});

/** How long the first render waits for the session check before it shows the loading screen instead. */
const FIRST_RENDER_WAIT_MS = 1500;

/**
 * Settles what the first screen depends on, so it renders once rather than through a loading frame
 * and a second, heavier render: without a stored session, the sign-in screen's code; with
 * one, the session check, the shell's code and the landing screen's data, side by side (for a
 * moment at most).
 */
export async function prepareFirstScreen() {
  keepLastRoute(router);
  if (!getToken()) {
    queryClient.setQueryData(queryKeys.session, null);
    // Without a session every screen but the public ones leads to sign-in.
    await settledWithin([preloadSignInScreen()]);
    return;
  }
  // The answers kept from the last visit come first: offline they are the session and every screen's data.
  await settledWithin([keepQueryCache()]);
  returnToLastRoute(router);
  const needed = [queryClient.prefetchQuery(sessionQueryOptions()), preloadSignedInScreens()];
  // A visit that opens on the dashboard asks for its figures with the session check, not after it,
  // and shows them in its first render.
  if (window.location.pathname === '/') needed.push(queryClient.prefetchQuery(dashboardStatsQueryOptions()));
  await settledWithin(needed);
}

/** Waits until all of `work` has settled, or FIRST_RENDER_WAIT_MS at most. */
async function settledWithin(work: Array<Promise<unknown>>) {
  await Promise.race([
    Promise.allSettled(work),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
}

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
