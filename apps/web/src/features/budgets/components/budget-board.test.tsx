import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { BudgetBoard } from './budget-board.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 10, hasNext: false };

function serve(projects: Array<{ id: string; title: string }>) {
  return mockFetch(({ path }) =>
    path.startsWith('/budgets/projects')
      ? jsonResponse(200, { success: true, projects })
      : jsonResponse(200, { success: true, budgets: [], pagination: page }),
  );
}

describe('BudgetBoard', () => {
  it("offers a lead's new budget only the projects the server says they may create budgets on", async () => {
    const { calls } = serve([{ id: 'p-lekki', title: 'Lekki Pearl Apartments' }]);
    renderWithProviders(<BudgetBoard user={buildUser({ role: 'project_lead' })} project={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'New Budget' }));
    const form = await screen.findByRole('form', { name: 'New budget' });
    await waitFor(() =>
      expect(
        within(within(form).getByRole('combobox', { name: 'Project' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select a project', 'Lekki Pearl Apartments']),
    );
    expect(calls.map((call) => call.path)).toContain('/budgets/projects');
    expect(calls.some((call) => call.path.startsWith('/projects'))).toBe(false);
  });

  it('says so when the person leads no project, instead of a form that can only be refused', async () => {
    serve([]);
    renderWithProviders(<BudgetBoard user={buildUser({ role: 'architect' })} project={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'New Budget' }));
    expect(await screen.findByText('No projects to budget for')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New budget' })).not.toBeInTheDocument();
  });
});
