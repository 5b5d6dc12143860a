import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginRoute } from '../../../app/routes/login.tsx';
import { getToken } from '../../../lib/api-client.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '*', element: <WhereAmI /> },
];

afterEach(() => vi.unstubAllGlobals());

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login', () => {
  it('has a required email field and a required password field with a show/hide toggle', async () => {
    renderRoutes(routes, { at: '/login', user: null });
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('sends nothing until both fields are filled', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderRoutes(routes, { at: '/login', user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("reads 'Signing in...' while busy, then welcomes the user and goes to redirectTo", async () => {
    const user = buildUser({ name: 'Ada Obi' });
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderRoutes(routes, { at: '/login?redirectTo=%2Fadmin%2Fstaff%3Fpage%3D2', user: null });
    await signIn('Ada@Trowel.test', 'demo1234');

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/login',
      body: {
        email: 'ada@trowel.test',
        password: 'demo1234',
        browserId: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
      },
    });
    answer(jsonResponse(200, { success: true, token: 'new-token', user, expiresAt: '2030-01-01T00:00:00Z' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/staff?page=2');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(getToken()).toBe('new-token');
  });

  it('ignores a redirectTo that leaves the site', async () => {
    mockFetch(() => jsonResponse(200, { success: true, token: 't', user: buildUser(), expiresAt: '' }));
    renderRoutes(routes, { at: '/login?redirectTo=%2F%2Fevil.example', user: null });
    await signIn('a@trowel.test', 'demo1234');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("shows the server's message in a dismissible 'Login Error' alert", async () => {
    mockFetch(() =>
      jsonResponse(401, { success: false, error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    );
    renderRoutes(routes, { at: '/login', user: null });
    await signIn('a@trowel.test', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login Error');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Login Error')).not.toBeInTheDocument());
  });

  it("says 'Login failed. Please try again.' when the server cannot be reached", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoutes(routes, { at: '/login', user: null });
    await signIn('a@trowel.test', 'demo1234');
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('sends someone already signed in on to redirectTo, replacing history', async () => {
    const { router } = renderRoutes(routes, { at: '/login?redirectTo=%2Fprofile', user: buildUser() });
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
