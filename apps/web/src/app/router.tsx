import { WEB_ROUTES, type WebRoute } from '@trowel/shared/routes/route-access.ts';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RoleGate } from './guards/role-gate.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { SessionLoadingScreen } from './guards/session-screens.tsx';
import { RouteError } from './routes/route-error.tsx';
import { DashboardRoute, LoginRoute, SCREENS } from './screens.tsx';

const ALL_ROUTES = Object.keys(WEB_ROUTES) as WebRoute[];

/** The shell of every signed-in screen, loaded on first need so /login does not carry menus and navigation. */
const SessionLayout = lazyScreen(
  async () => (await import('./signed-in.ts')).SessionLayout,
  <SessionLoadingScreen />,
);
/** Unknown addresses show the shell to signed-in people: loaded on need, like the shell. */
const NotFoundRoute = lazyScreen(
  async () => (await import('./routes/not-found.tsx')).NotFoundRoute,
  <SessionLoadingScreen />,
);

/** Loads the shell and the dashboard it usually opens on (one chunk), ahead of the first render. */
export async function preloadSignedInScreens() {
  await Promise.all([SessionLayout.preload(), DashboardRoute.preload()]);
}

/** Loads the sign-in screen (with the form and schema libraries) ahead of the first render. */
export async function preloadSignInScreen() {
  await LoginRoute.preload();
}

/** Public routes stand alone; every other route is behind the session and its role check. */
export function appRoutes(): RouteObject[] {
  const publicRoutes = ALL_ROUTES.filter((route) => WEB_ROUTES[route] === 'public');
  const guardedRoutes = ALL_ROUTES.filter((route) => WEB_ROUTES[route] !== 'public');
  return [
    {
      errorElement: <RouteError />,
      children: [
        ...publicRoutes.map((route) => ({ path: route, element: SCREENS[route] })),
        {
          element: <SessionLayout />,
          children: guardedRoutes.map((route) => ({
            path: route,
            element: <RoleGate route={route}>{SCREENS[route]}</RoleGate>,
          })),
        },
        {
          path: '*',
          element: <NotFoundRoute />,
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
