import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { budgetAbilities } from '@trowel/shared/budgets/budget.policy.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { BudgetApprovalActions } from './budget-approval-actions.tsx';

afterEach(() => vi.unstubAllGlobals());

const budgetId = '33333333-3333-4333-8333-333333333333';
const project = { projectLeadId: 'lead-1', clientId: null };

function show(
  role: 'quantity_surveyor' | 'admin' | 'project_manager',
  status: 'pending_qs' | 'pending_admin',
) {
  const user = buildUser({ role });
  const { actions } = budgetAbilities(user, { status, authorId: 'lead-1' }, project);
  renderWithProviders(<BudgetApprovalActions budgetId={budgetId} actions={actions} />, { user });
}

describe('BudgetApprovalActions', () => {
  it('offers the QS the three steps of pending_qs and sends their remarks as qsRemarks', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, budget: {} }));
    show('quantity_surveyor', 'pending_qs');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Approve to Accountant',
      'Return to Lead',
      'Reject',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Return to Lead' }));
    await userEvent.type(await screen.findByLabelText('Remarks'), 'Split the steel line');
    await userEvent.click(screen.getAllByRole('button', { name: 'Return to Lead' }).at(-1)!);
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        method: 'POST',
        path: `/budgets/${budgetId}/qs-return-to-lead`,
        body: { qsRemarks: 'Split the steel line' },
      }),
    );
  });

  it('approves at once for the administrator and shows the server refusal as Action Failed', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(409, {
        success: false,
        error: 'You cannot approve this budget while it is approved',
        code: 'INVALID_STATE',
      }),
    );
    show('admin', 'pending_admin');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/budgets/${budgetId}/approve`, body: {} });
    expect(await screen.findByText('Action Failed')).toBeInTheDocument();
    expect(screen.getByText('You cannot approve this budget while it is approved')).toBeInTheDocument();
  });

  it('offers nothing to the project manager', () => {
    mockFetch(() => jsonResponse(500, {}));
    show('project_manager', 'pending_admin');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
