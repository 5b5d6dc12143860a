import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFinancials, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ClientFinancials } from './client-financials.tsx';

afterEach(() => vi.unstubAllGlobals());

const projectId = '77777777-7777-4777-8777-777777777777';
const figure = (label: string) =>
  within(screen.getByRole('list', { name: 'Project financials' }))
    .getByText(label)
    .closest('li');

describe("The client's Financials tab", () => {
  it('shows the value, what was paid (initial and paid installments) and what is still owed', async () => {
    // An answer whose outstanding balance was the value less the initial payment alone.
    const financials = buildFinancials({ projectId, outstandingBalance: 1_015_000_000 });
    mockFetch(() => jsonResponse(200, { success: true, financials }));
    renderWithProviders(<ClientFinancials projectId={projectId} />, { user: buildUser({ role: 'client' }) });
    await screen.findByRole('list', { name: 'Project financials' });
    expect(figure('Original Value')).toHaveTextContent('₦1,450,000,000.00');
    expect(figure('Approved Variations')).toHaveTextContent('₦0.00');
    expect(figure('Project Value')).toHaveTextContent('₦1,450,000,000.00');
    expect(figure('Amount Paid')).toHaveTextContent('₦735,000,000.00');
    expect(figure('Outstanding Balance')).toHaveTextContent('₦715,000,000.00');
    const installments = within(screen.getByRole('list', { name: 'Installments' })).getAllByRole('listitem');
    expect(installments.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Paid'),
      expect.stringContaining('Overdue'),
      expect.stringContaining('Pending'),
    ]);
  });

  it('adds the approved change orders to the original value, and owes them', async () => {
    const financials = buildFinancials({
      projectId,
      originalValue: 1_400_000_000,
      approvedVariations: 50_000_000.5,
    });
    mockFetch(() => jsonResponse(200, { success: true, financials }));
    renderWithProviders(<ClientFinancials projectId={projectId} />, { user: buildUser({ role: 'client' }) });
    await screen.findByRole('list', { name: 'Project financials' });
    expect(figure('Approved Variations')).toHaveTextContent('₦50,000,000.50');
    expect(figure('Project Value')).toHaveTextContent('₦1,450,000,000.50');
    expect(figure('Outstanding Balance')).toHaveTextContent('₦715,000,000.50');
  });

  it('says so while no financials are recorded, and never shows zeros when the call failed', async () => {
    mockFetch(() => jsonResponse(200, { success: true, financials: null }));
    const { unmount } = renderWithProviders(<ClientFinancials projectId={projectId} />, {
      user: buildUser({ role: 'client' }),
    });
    expect(await screen.findByText('No financial details yet')).toBeInTheDocument();
    unmount();
    mockFetch(() => jsonResponse(500, { success: false, error: 'Boom', code: 'INTERNAL' }));
    renderWithProviders(<ClientFinancials projectId={projectId} />, { user: buildUser({ role: 'client' }) });
    expect(await screen.findByText('Failed to load financials')).toBeInTheDocument();
    expect(screen.queryByText(/₦0/)).not.toBeInTheDocument();
  });
});
