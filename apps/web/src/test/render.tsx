import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { setSessionUser } from '../lib/session.ts';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

interface RenderOptions {
  /** The address the test starts at. */
  at?: string;
  /** Known session user; undefined leaves the session to be restored from the token. */
  user?: UserDto | null;
  queryClient?: QueryClient;
}

/** Renders routes in a memory router with the app's providers and a toaster. */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  if (options.user !== undefined) setSessionUser(queryClient, options.user);
  const router = createMemoryRouter(routes, { initialEntries: [options.at ?? '/'] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at `at` (matched by `path`) with the app's providers. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions & { path?: string } = {}) {
  return renderRoutes([{ path: options.path ?? '*', element: ui }], options);
}
