import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MaterialRequestList } from './material-request-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 20, hasNext: false };

describe('MaterialRequestList', () => {
  it("offers in the project filter only the projects the server answers for the person's filter", async () => {
    const { calls } = mockFetch(({ path }) =>
      path.startsWith('/material-requests/projects')
        ? jsonResponse(200, {
            success: true,
            projects: [{ id: 'p-maitama', title: 'Maitama Office Complex' }],
          })
        : jsonResponse(200, { success: true, materialRequests: [], pagination: page }),
    );
    renderWithProviders(<MaterialRequestList user={buildUser({ role: 'team_member' })} />);
    const filter = screen.getByLabelText('Project');
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Projects', 'Maitama Office Complex']),
    );
    expect(calls.map((call) => call.path)).toContain('/material-requests/projects?purpose=filter');
    expect(calls.some((call) => call.path.startsWith('/projects'))).toBe(false);
  });

  it('says when the projects could not be loaded, and loads them again on Retry', async () => {
    let failing = true;
    mockFetch(({ path }) =>
      path.startsWith('/material-requests/projects')
        ? failing
          ? jsonResponse(500, { success: false, error: 'Database unavailable', code: 'INTERNAL' })
          : jsonResponse(200, { success: true, projects: [{ id: 'p1', title: 'Ikoyi Towers' }] })
        : jsonResponse(200, { success: true, materialRequests: [], pagination: page }),
    );
    renderWithProviders(<MaterialRequestList user={buildUser({ role: 'project_lead' })} />);
    expect(await screen.findByText(/Your projects could not be loaded/)).toBeInTheDocument();
    failing = false;
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByRole('option', { name: 'Ikoyi Towers' })).toBeInTheDocument();
  });
});
