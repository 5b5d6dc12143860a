import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CompanyCostsCard } from './company-costs-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const totals = {
  approvedBudget: 1_450_000_000,
  committed: 900_000_000,
  received: 600_000_000,
  invoiced: 645_000_000,
  paid: 500_000_000,
  stockIssued: 25_000_000,
  actual: 525_000_000,
  variance: 925_000_000,
  overBudgetProjects: 2,
};

const answer = {
  success: true,
  costs: [],
  pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 1, hasNext: false },
  totals,
};

describe('CompanyCostsCard', () => {
  it("shows the company's totals in full naira, how many projects are over budget, and links to every project's", async () => {
    mockFetch(() => jsonResponse(200, answer));
    renderWithProviders(<CompanyCostsCard />, { user: buildUser({ role: 'accountant' }) });
    const figures = await screen.findByRole('list', { name: 'Company cost figures' });
    expect(within(figures).getByText('Approved budgets').nextSibling?.textContent).toBe('₦1,450,000,000.00');
    expect(within(figures).getByText('Actual').nextSibling?.textContent).toBe('₦525,000,000.00');
    expect(screen.getByText('2 projects over budget.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Every project's costs" })).toHaveAttribute('href', '/costs');
  });

  it('offers a retry when the costs fail to load, and shows them once they load', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { success: false, error: 'down', code: 'INTERNAL_ERROR' })
        : jsonResponse(200, answer),
    );
    renderWithProviders(<CompanyCostsCard />, { user: buildUser({ role: 'admin' }) });
    expect(await screen.findByText('Failed to load costs')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('2 projects over budget.')).toBeInTheDocument();
  });
});
