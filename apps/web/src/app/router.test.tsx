import { screen } from '@testing-library/react';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { mayOpenRoute, WEB_ROUTES, type WebRoute } from '@trowel/shared/routes/route-access.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/factories.ts';
import { jsonResponse, mockFetch } from '../test/http.ts';
import { renderRoutes } from '../test/render.tsx';
import { appRoutes } from './router.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A concrete address for a route pattern. */
function addressOf(route: WebRoute): string {
  return route.replace(/:(\w+)/g, (_, name: string) => (name.endsWith('Name') ? 'Ada%20Obi' : `${name}-1`));
}

function someoneAllowed(route: WebRoute): Role {
  const role = ROLES.find((candidate) => mayOpenRoute(route, candidate));
  if (!role) throw new Error(`nobody may open ${route}`);
  return role;
}

const guarded = (Object.keys(WEB_ROUTES) as WebRoute[]).filter((route) => WEB_ROUTES[route] !== 'public');

describe('the app routes', () => {
  it.each(guarded)('%s shows a titled screen to a role it allows', async (route) => {
    mockFetch(() =>
      jsonResponse(200, { success: true, users: [], pagination: null, user: buildUser(), stats: null }),
    );
    const role = route === '/profile' ? 'admin' : someoneAllowed(route);
    renderRoutes(appRoutes(), { at: addressOf(route), user: buildUser({ role }) });
    expect(await screen.findByRole('heading', { level: 1 })).not.toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
  });

  it('says a screen of later work is coming, with its title', async () => {
    renderRoutes(appRoutes(), { at: '/inventory', user: buildUser({ role: 'admin' }) });
    expect(await screen.findByRole('heading', { name: 'Inventory Management' })).toBeInTheDocument();
    expect(screen.getByText(/not available yet/)).toBeInTheDocument();
  });

  it('shows Not Found with a link home for unknown addresses', async () => {
    renderRoutes(appRoutes(), { at: '/no/such/page', user: null });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
