import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectCostsDto } from '@trowel/shared/costs/cost.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProjectCostsView } from './project-costs-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const figures = {
  approvedBudget: 80_000,
  committed: 50_000,
  received: 50_000,
  invoiced: 53_750,
  paid: 53_750,
  stockIssued: 30_000,
  actual: 83_750,
  variance: -3_750,
};

const costs: ProjectCostsDto = {
  projectId: 'p1',
  projectTitle: 'Ikoyi Towers',
  ...figures,
  overBudget: true,
  byCategory: [
    { category: 'Materials', ...figures, approvedBudget: 60_000, variance: -23_750, overBudget: true },
    {
      category: 'Labour',
      ...figures,
      approvedBudget: 20_000,
      committed: 0,
      received: 0,
      invoiced: 0,
      paid: 0,
      stockIssued: 0,
      actual: 0,
      variance: 20_000,
      overBudget: false,
    },
  ],
};

describe('ProjectCostsView', () => {
  it('shows the headline figures, what is over budget and every figure of each category', () => {
    renderWithProviders(<ProjectCostsView costs={costs} />, { user: buildUser({ role: 'accountant' }) });
    const headline = screen.getByRole('list', { name: 'Cost figures' });
    expect(within(headline).getByText('Actual').nextSibling?.textContent).toBe('₦83,750.00');
    expect(within(headline).getByText('Variance').nextSibling?.textContent).toBe('-₦3,750.00');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'More is committed or spent than budgeted on Materials.',
    );
    const categories = within(screen.getByRole('list', { name: 'Costs by category' })).getAllByRole(
      'listitem',
    );
    expect(categories[0]).toHaveTextContent('Materials');
    expect(categories[0]).toHaveTextContent('Over budget');
    expect(within(categories[0]!).getByText('Stock issued').nextSibling?.textContent).toBe('₦30,000.00');
    expect(categories[1]).toHaveTextContent('Within budget');
    expect(
      screen.getByText(
        /Materials: Approved budgets ₦60,000.00, Committed ₦50,000.00, Paid ₦53,750.00, Stock issued ₦30,000.00;/,
      ),
    ).toBeInTheDocument();
  });

  it('says nothing is budgeted or spent yet for a project without figures', () => {
    renderWithProviders(<ProjectCostsView costs={{ ...costs, byCategory: [], overBudget: false }} />, {
      user: buildUser({ role: 'accountant' }),
    });
    expect(screen.getByText('Nothing budgeted or spent yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('downloads the CSV and says so', async () => {
    const { calls } = mockFetch(
      () =>
        new Response('Category\r\n', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="costs-ikoyi-towers.csv"' },
        }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    renderWithProviders(<ProjectCostsView costs={costs} />, { user: buildUser({ role: 'accountant' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('costs-ikoyi-towers.csv has been downloaded.')).toBeInTheDocument();
    expect(calls[0]!.path).toBe('/projects/p1/costs/export');
  });
});
