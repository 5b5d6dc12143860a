import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutoLoginRoute } from '../../../app/routes/auto-login.tsx';
import { getToken } from '../../../lib/api-client.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

const routes: RouteObject[] = [
  { path: '/auth/auto-login', element: <AutoLoginRoute /> },
  { path: '*', element: <WhereAmI /> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('RFQ Direct Access', () => {
  it('signs the vendor in with a new session and opens the RFQ', async () => {
    const user = buildUser({ role: 'vendor', name: 'Ola Supplies' });
    const { calls } = mockFetch(() =>
      jsonResponse(200, {
        success: true,
        token: 'session-token-of-the-vendor-000000',
        user,
        rfq: { id: 'r1', title: 'Cement' },
        redirectUrl: '/rfqs/r1',
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
    );
    renderRoutes(routes, { at: '/auth/auto-login?token=al_link', user: null });
    expect(await screen.findByTestId('location')).toHaveTextContent('/rfqs/r1');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auto-login/validate',
      body: { token: 'al_link' },
    });
    expect(getToken()).toBe('session-token-of-the-vendor-000000');
  });

  it('shows an expired link with only Manual Login', async () => {
    const message =
      'This auto-login link has expired after 72 hours. Please log in manually or request a new link.';
    mockFetch(() => jsonResponse(410, { success: false, code: 'EXPIRED_TOKEN', error: message }));
    renderRoutes(routes, { at: '/auth/auto-login?token=al_old', user: null });
    expect(await screen.findByText('Link Expired')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manual Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('says a link already used was used, not that it expired, with only Manual Login', async () => {
    const message =
      'This auto-login link has already been used. Please log in manually or ask for a new link.';
    mockFetch(() => jsonResponse(410, { success: false, code: 'USED_TOKEN', error: message }));
    renderRoutes(routes, { at: '/auth/auto-login?token=al_used', user: null });
    expect(await screen.findByRole('heading', { name: 'Link Already Used' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Link Expired')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manual Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('says a link without a token is invalid, without calling the server', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderRoutes(routes, { at: '/auth/auto-login', user: null });
    expect(await screen.findByText('Invalid auto-login link. No token provided.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers Try Again after a network failure, and succeeds on the second try', async () => {
    let attempt = 0;
    mockFetch(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(200, {
        success: true,
        token: 'session-token-of-the-vendor-000001',
        user: buildUser({ role: 'vendor' }),
        rfq: { id: 'r2', title: 'Sand' },
        redirectUrl: '/rfqs/r2',
        expiresAt: '2030-01-01T00:00:00.000Z',
      });
    });
    renderRoutes(routes, { at: '/auth/auto-login?token=al_net', user: null });
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Network error occurred. Please check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manual Login' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/rfqs/r2');
  });

  it("shows the server's text for another failure", async () => {
    mockFetch(() =>
      jsonResponse(409, {
        success: false,
        code: 'AUTO_LOGIN_DISABLED',
        error: 'Auto-login links are turned off.',
      }),
    );
    renderRoutes(routes, { at: '/auth/auto-login?token=al_x', user: null });
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Auto-login links are turned off.')).toBeInTheDocument();
  });
});
