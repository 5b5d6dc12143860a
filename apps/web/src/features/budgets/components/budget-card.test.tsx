import { screen } from '@testing-library/react';
import type { BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { BudgetCard } from './budget-card.tsx';

const lead = buildUser({ id: 'lead-1', role: 'project_lead', name: 'Emeka Nwosu' });
const author = { id: lead.id, name: lead.name, role: 'project_lead' as const };
const accountant = { id: 'acc-1', name: 'Funmi Adeyemi', role: 'accountant' as const };
const step = (id: string, action: string, from: string | null, to: string, remarks: string | null) => ({
  id,
  action,
  fromStatus: from,
  toStatus: to,
  remarks,
  actor: action === 'create' || action === 'resubmit' ? author : accountant,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const budget: BudgetDto = {
  id: '33333333-3333-4333-8333-333333333333',
  projectId: 'p1',
  project: { id: 'p1', title: 'Ajah Court', projectLeadId: lead.id },
  items: [],
  totalAmount: 2_500_000,
  remarks: '',
  qsRemarks: '',
  attachments: [],
  status: 'revision_needed',
  user: author,
  author,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  history: [
    step('h1', 'create', null, 'pending_accountant', null),
    step('h2', 'return-to-lead', 'pending_accountant', 'revision_needed', 'Quote the cement again'),
    step('h3', 'resubmit', 'revision_needed', 'pending_accountant', null),
    step('h4', 'return-to-lead', 'pending_accountant', 'revision_needed', 'Split the steel line by floor'),
  ],
};

describe('BudgetCard', () => {
  it('tells the author why a budget came back: the remarks of the step that returned it last', () => {
    renderWithProviders(<BudgetCard budget={budget} user={lead} showProject={false} onEdit={() => {}} />, {
      user: lead,
    });
    // The earlier return stays in the history; the note is the last one's.
    expect(screen.getByText('Returned by Funmi Adeyemi:').parentElement).toHaveTextContent(
      /^Returned by Funmi Adeyemi: Split the steel line by floor$/,
    );
  });

  it('says nothing of a return once the budget is on its way again', () => {
    renderWithProviders(
      <BudgetCard
        budget={{ ...budget, status: 'pending_accountant', history: budget.history.slice(0, 3) }}
        user={lead}
        showProject={false}
        onEdit={() => {}}
      />,
      { user: lead },
    );
    expect(screen.queryByText(/Returned by/)).toBeNull();
  });

  it("leaves a QS's return to the QS remarks, said once", () => {
    const qs = { id: 'qs-1', name: 'Ibrahim Musa', role: 'quantity_surveyor' as const };
    const returnedByQs = {
      ...budget,
      qsRemarks: 'Use the current cement price',
      history: [
        step('h1', 'create', null, 'pending_qs', null),
        {
          ...step('h2', 'qs-return-to-lead', 'pending_qs', 'revision_needed', 'Use the current cement price'),
          actor: qs,
        },
      ],
    };
    renderWithProviders(
      <BudgetCard budget={returnedByQs} user={lead} showProject={false} onEdit={() => {}} />,
      {
        user: lead,
      },
    );
    expect(screen.getByText('QS remarks:').parentElement).toHaveTextContent('Use the current cement price');
    expect(screen.queryByText(/Returned by/)).toBeNull();
  });
});
