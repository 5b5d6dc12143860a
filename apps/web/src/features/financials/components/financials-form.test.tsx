import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFinancials, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FinancialsForm } from './financials-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const projectId = '66666666-6666-4666-8666-666666666666';
const installment = (index: number) => within(screen.getByRole('group', { name: `Installment ${index}` }));

describe('FinancialsForm', () => {
  it('writes amounts with separators, recomputes the outstanding balance, keeps one installment and sends numbers', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, financials: null }));
    renderWithProviders(<FinancialsForm projectId={projectId} financials={null} />, {
      user: buildUser({ role: 'accountant' }),
    });
    await userEvent.type(screen.getByLabelText('Total Project Value'), '12500000.5');
    expect(screen.getByLabelText('Total Project Value')).toHaveValue('12,500,000.5');
    await userEvent.type(screen.getByLabelText('Initial Payment'), '2500000');
    expect(screen.getByLabelText('Outstanding Balance')).toHaveValue('₦10,000,000.50');
    expect(screen.getByRole('button', { name: 'Remove installment 1' })).toBeDisabled();
    await userEvent.type(installment(1).getByLabelText('Amount'), '4000000');
    await userEvent.type(installment(1).getByLabelText('Due date'), '2026-03-31');
    await userEvent.selectOptions(installment(1).getByLabelText('Status'), 'paid');
    // A paid installment is paid too: the outstanding balance is the value less all that was paid.
    expect(screen.getByLabelText('Amount Paid')).toHaveValue('₦6,500,000.00');
    expect(screen.getByLabelText('Outstanding Balance')).toHaveValue('₦6,000,000.50');
    await userEvent.click(screen.getByRole('button', { name: /Add installment/ }));
    expect(screen.getByRole('button', { name: 'Remove installment 1' })).toBeEnabled();
    await userEvent.type(installment(2).getByLabelText('Amount'), '6000000');
    await userEvent.type(installment(2).getByLabelText('Due date'), '2099-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Save Financials' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: `/projects/${projectId}/financials`,
        body: {
          totalProjectValue: 12_500_000.5,
          initialPayment: 2_500_000,
          outstandingBalance: 6_000_000.5,
          installments: [
            { amount: 4_000_000, dueDate: '2026-03-31', status: 'paid' },
            { amount: 6_000_000, dueDate: '2099-12-31', status: 'pending' },
          ],
        },
      }),
    );
  });

  it('shows what the client paid and still owes on the recorded figures', () => {
    renderWithProviders(
      <FinancialsForm projectId={projectId} financials={buildFinancials({ projectId })} />,
      {
        user: buildUser({ role: 'accountant' }),
      },
    );
    expect(screen.getByLabelText('Total Project Value')).toHaveValue('1,450,000,000');
    // ₦435M initial payment and the ₦300M paid installment; the overdue one is not paid.
    expect(screen.getByLabelText('Amount Paid')).toHaveValue('₦735,000,000.00');
    expect(screen.getByLabelText('Outstanding Balance')).toHaveValue('₦715,000,000.00');
  });

  it('shows the server refusal under the spec title', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        success: false,
        error: 'Installment 1 due date must be a date (YYYY-MM-DD)',
        code: 'VALIDATION_ERROR',
      }),
    );
    renderWithProviders(<FinancialsForm projectId={projectId} financials={null} />, {
      user: buildUser({ role: 'admin' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Financials' }));
    expect(await screen.findByText('Failed to update project financials')).toBeInTheDocument();
    expect(screen.getByText('Installment 1 due date must be a date (YYYY-MM-DD)')).toBeInTheDocument();
  });
});
