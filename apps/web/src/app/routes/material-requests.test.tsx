import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../test/http.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MaterialRequestsRoute } from './material-requests.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 10, hasNext: false };
const projects = [
  { id: 'p-lekki', title: 'Lekki Pearl Apartments' },
  { id: 'p-maitama', title: 'Maitama Office Complex' },
];

function answer(path: string) {
  if (path.startsWith('/material-requests/projects')) return jsonResponse(200, { success: true, projects });
  return jsonResponse(200, { success: true, materialRequests: [], pagination: page });
}

describe('MaterialRequestsRoute', () => {
  it("opens on the project of the address (the project page's link) and keeps the choice there", async () => {
    const { calls } = mockFetch(({ path }) => answer(path));
    const { router } = renderWithProviders(<MaterialRequestsRoute />, {
      user: buildUser({ role: 'store_keeper' }),
      at: '/material-requests?projectId=p-lekki',
    });
    const requests = () => calls.filter((call) => call.path.startsWith('/material-requests?'));
    await waitFor(() => expect(requests().at(-1)?.path).toMatch(/[?&]projectId=p-lekki(&|$)/));
    await waitFor(() => expect(screen.getByLabelText('Project')).toHaveValue('p-lekki'));

    await userEvent.selectOptions(screen.getByLabelText('Project'), 'p-maitama');
    expect(router.state.location.search).toBe('?projectId=p-maitama');
    await waitFor(() => expect(requests().at(-1)?.path).toMatch(/[?&]projectId=p-maitama(&|$)/));
  });

  it('starts a new request on the project of the address', async () => {
    mockFetch(({ path }) => answer(path));
    renderWithProviders(<MaterialRequestsRoute />, {
      user: buildUser({ role: 'team_member' }),
      at: '/material-requests?projectId=p-maitama',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Request' }));
    const form = await screen.findByRole('heading', { name: 'New Material Request' });
    const card = form.closest('div')!.parentElement!;
    await waitFor(() => expect(within(card).getByLabelText(/Project/)).toHaveValue('p-maitama'));
  });

  it('asks for the projects one may request for with the list, so the form opens offline later', async () => {
    const { calls } = mockFetch(({ path }) => answer(path));
    renderWithProviders(<MaterialRequestsRoute />, { user: buildUser({ role: 'team_member' }) });
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/material-requests/projects?purpose=request')).toBe(true),
    );
  });

  it('says what was not kept on the phone while it waits for the network', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    mockFetch(() => new Promise<Response>(() => undefined));
    renderWithProviders(<MaterialRequestsRoute />, { user: buildUser({ role: 'store_keeper' }) });
    expect(
      await screen.findByText('Not kept on this phone: it loads when the network is back.'),
    ).toBeInTheDocument();
  });
});
