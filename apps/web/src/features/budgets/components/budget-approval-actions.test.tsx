import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUDGET_REASON_REQUIRED } from '@trowel/shared/budgets/budget.machine.ts';
import { budgetAbilities } from '@trowel/shared/budgets/budget.policy.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { BudgetApprovalActions } from './budget-approval-actions.tsx';

afterEach(() => vi.unstubAllGlobals());

const budgetId = '33333333-3333-4333-8333-333333333333';
const budget = { id: budgetId, totalAmount: 2_500_001.25, project: { title: 'Ajah Court' } };
const project = { projectLeadId: 'lead-1', clientId: null };

function show(
  role: 'quantity_surveyor' | 'accountant' | 'admin' | 'project_manager',
  status: 'pending_qs' | 'pending_accountant' | 'pending_admin',
) {
  const user = buildUser({ role });
  const { actions } = budgetAbilities(user, { status, authorId: 'lead-1' }, project);
  renderWithProviders(<BudgetApprovalActions budget={budget} actions={actions} />, { user });
}

describe('BudgetApprovalActions', () => {
  it(
    'offers the QS the three steps of pending_qs and sends their remarks as qsRemarks',
    { timeout: 30_000 },
    async () => {
      const { calls } = mockFetch(() => jsonResponse(200, { success: true, budget: {} }));
      show('quantity_surveyor', 'pending_qs');
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Approve to Accountant',
        'Return to Lead',
        'Reject',
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Return to Lead' }));
      expect(await screen.findByRole('dialog')).toHaveTextContent(
        'The budget of ₦2,500,001.25 for "Ajah Court" will be sent back for revision.',
      );
      await userEvent.type(await screen.findByLabelText('Remarks'), 'Split the steel line');
      await userEvent.click(screen.getAllByRole('button', { name: 'Return to Lead' }).at(-1)!);
      await waitFor(() =>
        expect(calls.at(-1)).toMatchObject({
          method: 'POST',
          path: `/budgets/${budgetId}/qs-return-to-lead`,
          body: { qsRemarks: 'Split the steel line' },
        }),
      );
    },
  );

  it('does not return a budget without remarks: the author must know what to change', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, budget: {} }));
    show('accountant', 'pending_accountant');
    await userEvent.click(screen.getByRole('button', { name: 'Return to Lead' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getAllByRole('button', { name: 'Return to Lead' }).at(-1)!);
    expect(await screen.findByText(BUDGET_REASON_REQUIRED)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('asks the accountant to confirm a push to the admin, naming the total, and says what was done', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, budget: {} }));
    show('accountant', 'pending_accountant');
    await userEvent.click(screen.getByRole('button', { name: 'Push to Admin' }));
    // One tap only opens the question.
    expect(calls).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Push to Admin?' });
    expect(dialog).toHaveTextContent(
      'The budget of ₦2,500,001.25 for "Ajah Court" will be pushed to the administrator for approval.',
    );
    expect(screen.queryByLabelText('Remarks')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Push to Admin' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Push to Admin' }),
    );
    await waitFor(() =>
      expect(calls).toEqual([
        expect.objectContaining({ method: 'POST', path: `/budgets/${budgetId}/push-to-admin` }),
      ]),
    );
    expect(await screen.findByText('Budget pushed to the administrator for approval')).toBeInTheDocument();
  });

  it('approves for the administrator once confirmed, and shows the server refusal as Action Failed', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(409, {
        success: false,
        error: 'Budget cannot be changed this way while it is approved',
        code: 'INVALID_STATE',
      }),
    );
    show('admin', 'pending_admin');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls[0]).toMatchObject({ method: 'POST', path: `/budgets/${budgetId}/approve`, body: {} }),
    );
    expect(await screen.findByText('Action Failed')).toBeInTheDocument();
    expect(screen.getByText('Budget cannot be changed this way while it is approved')).toBeInTheDocument();
  });

  it('offers nothing to the project manager', () => {
    mockFetch(() => jsonResponse(500, {}));
    show('project_manager', 'pending_admin');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
