import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebRoute } from '@trowel/shared/routes/route-access.ts';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthFailureHandler, setToken } from '../../lib/api-client.ts';
import { buildUser } from '../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../test/http.ts';
import { renderRoutes } from '../../test/render.tsx';
import { RoleGate } from './role-gate.tsx';
import { SessionLayout } from './session-layout.tsx';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function guarded(route: WebRoute, text: string): RouteObject {
  return { path: route, element: <RoleGate route={route}>{text}</RoleGate> };
}

const routes: RouteObject[] = [
  { path: '/login', element: <WhereAmI /> },
  {
    element: <SessionLayout />,
    children: [
      guarded('/', 'Dashboard screen'),
      guarded('/admin/staff', 'Staff screen'),
      guarded('/profile', 'Profile screen'),
      { path: '/vendor/profile', element: <WhereAmI /> },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('route guard', () => {
  it("shows 'Loading your session...' while the stored session is restored, then the screen", async () => {
    setToken('stored');
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderRoutes(routes, { at: '/admin/staff' });
    expect(await screen.findByText('Loading your session...')).toBeInTheDocument();
    answer(jsonResponse(200, { success: true, user: buildUser({ role: 'admin' }) }));
    expect(await screen.findByText('Staff screen')).toBeInTheDocument();
  });

  it('sends visitors to /login with the requested path and query as redirectTo', async () => {
    renderRoutes(routes, { at: '/admin/staff?page=2', user: null });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/login?redirectTo=%2Fadmin%2Fstaff%3Fpage%3D2',
    );
  });

  it('treats a stored token the server no longer accepts as signed out', async () => {
    setAuthFailureHandler(() => {});
    setToken('expired');
    mockFetch(() => jsonResponse(401, { success: false, error: 'Session expired', code: 'UNAUTHORIZED' }));
    renderRoutes(routes, { at: '/profile' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirectTo=%2Fprofile');
    expect(window.localStorage.getItem('trowel.token')).toBeNull();
  });

  it("shows 'Authentication Error' with a Retry that reloads when restoring fails otherwise", async () => {
    setToken('stored');
    mockFetch(() =>
      jsonResponse(500, { success: false, error: 'Database unavailable', code: 'INTERNAL_ERROR' }),
    );
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderRoutes(routes, { at: '/' });
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it("shows 'Access Denied' to a role the route does not allow", async () => {
    renderRoutes(routes, { at: '/admin/staff', user: buildUser({ role: 'team_member' }) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.queryByText('Staff screen')).not.toBeInTheDocument();
  });

  it('lets allowed roles in', async () => {
    renderRoutes(routes, { at: '/admin/staff', user: buildUser({ role: 'project_manager' }) });
    expect(await screen.findByText('Staff screen')).toBeInTheDocument();
  });

  it('sends vendors from /profile to /vendor/profile, replacing the history entry', async () => {
    const { router } = renderRoutes(routes, { at: '/profile', user: buildUser({ role: 'vendor' }) });
    expect(await screen.findByTestId('location')).toHaveTextContent('/vendor/profile');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('session layout', () => {
  it('shows the shell with the user menu and the bottom navigation', async () => {
    renderRoutes([{ element: <SessionLayout />, children: [{ path: '/', element: <Outlet /> }] }], {
      user: buildUser({ name: 'Ada Obi', role: 'quantity_surveyor' }),
    });
    expect(await screen.findByRole('button', { name: /User menu/ })).toHaveTextContent('Ada Obi');
    expect(screen.getByRole('button', { name: /User menu/ })).toHaveTextContent('quantity surveyor');
    const bottom = screen.getByRole('navigation', { name: 'Bottom navigation' });
    expect(bottom).toHaveTextContent(/Dashboard.*Projects.*Daily Log.*Vendors.*Profile/);
  });
});
