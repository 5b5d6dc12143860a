import { WEB_ROUTES, type WebRoute } from '@trowel/shared/routes/route-access.ts';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RoleGate } from './guards/role-gate.tsx';
import { SessionLayout } from './guards/session-layout.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';
import { SCREENS } from './screens.tsx';

const ALL_ROUTES = Object.keys(WEB_ROUTES) as WebRoute[];

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
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
