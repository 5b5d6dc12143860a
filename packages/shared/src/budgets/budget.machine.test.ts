import { describe, expect, it } from 'vitest';
import type { Role } from '../auth/roles.ts';
import { machineCases, outcomeOf } from '../workflow/machine-cases.ts';
import {
  BUDGET_STATUSES,
  budgetMachine,
  entryStatus,
  type BudgetAction,
  type BudgetStatus,
} from './budget.machine.ts';
import { budgetAbilities, budgetDeleteRefusal, budgetEditRefusal, canSeeBudget } from './budget.policy.ts';

type Step = readonly [BudgetStatus, BudgetAction, Role, BudgetStatus];

/** Every step spec 2 §4 allows, written out independently of the machine's table. */
function allowedSteps(qsReviewEnabled: boolean, authorRole: Role): Step[] {
  const backIn: BudgetStatus = qsReviewEnabled ? 'pending_qs' : 'pending_accountant';
  const draftEntry: Record<string, BudgetStatus> = {
    project_lead: backIn,
    architect: backIn,
    quantity_surveyor: 'pending_accountant',
    accountant: 'pending_admin',
    admin: 'pending_admin',
  };
  const draftTo = draftEntry[authorRole] ?? backIn;
  return [
    ['pending_qs', 'qs-approve-to-accountant', 'quantity_surveyor', 'pending_accountant'],
    ['pending_qs', 'qs-return-to-lead', 'quantity_surveyor', 'revision_needed'],
    ['pending_qs', 'qs-reject', 'quantity_surveyor', 'rejected'],
    ['pending_accountant', 'push-to-admin', 'accountant', 'pending_admin'],
    ['pending_accountant', 'return-to-lead', 'accountant', 'revision_needed'],
    ['pending_accountant', 'reject', 'accountant', 'rejected'],
    ['pending_admin', 'approve', 'admin', 'approved'],
    ['pending_admin', 'reject', 'admin', 'rejected'],
    ['pending_admin', 'return-to-lead', 'admin', 'revision_needed'],
    ['pending_admin', 'return-to-lead-qs', 'admin', 'pending_qs'],
    ['revision_needed', 'resubmit', 'project_lead', backIn],
    ['revision_needed', 'resubmit', 'architect', backIn],
    ['revision_needed', 'resubmit', 'quantity_surveyor', backIn],
    ['draft', 'resubmit', 'project_lead', draftTo],
    ['draft', 'resubmit', 'architect', draftTo],
    ['draft', 'resubmit', 'quantity_surveyor', draftTo],
    ['draft', 'resubmit', 'accountant', draftTo],
    ['draft', 'resubmit', 'admin', draftTo],
  ];
}

describe('budget machine', () => {
  for (const qsReviewEnabled of [true, false]) {
    for (const authorRole of ['project_lead', 'quantity_surveyor', 'accountant'] as const) {
      it(`gives every (status, action, role) its outcome, QS review ${qsReviewEnabled ? 'on' : 'off'}, written by ${authorRole}`, () => {
        const cases = machineCases(budgetMachine, allowedSteps(qsReviewEnabled, authorRole));
        expect(cases).toHaveLength(BUDGET_STATUSES.length * budgetMachine.actions.length * 10);
        for (const triple of cases) {
          expect(
            outcomeOf(budgetMachine, triple, { qsReviewEnabled, authorRole }),
            JSON.stringify(triple),
          ).toBe(triple.expected);
        }
      });
    }
  }

  it('enters the chain where the author stands', () => {
    expect(entryStatus('project_lead', true)).toBe('pending_qs');
    expect(entryStatus('architect', false)).toBe('pending_accountant');
    expect(entryStatus('quantity_surveyor', true)).toBe('pending_accountant');
    expect(entryStatus('accountant', true)).toBe('pending_admin');
    expect(entryStatus('admin', false)).toBe('pending_admin');
  });

  it('never lets anything but the administrator approve', () => {
    const approvers = budgetMachine.actions.flatMap((action) =>
      budgetMachine.target(action) === 'approved' ? budgetMachine.rolesOf(action) : [],
    );
    expect(approvers).toEqual(['admin']);
  });
});

describe('budget policy', () => {
  const lead = { id: 'lead', role: 'project_lead' as const };
  const otherLead = { id: 'other', role: 'project_lead' as const };
  const project = { projectLeadId: 'lead', clientId: 'client' };
  const budget = (status: BudgetStatus, authorId = 'lead') => ({ status, authorId });

  it('edits per status as spec 2 §6 lists', () => {
    const table: Array<[Role, BudgetStatus[]]> = [
      ['project_lead', ['revision_needed', 'draft']],
      ['accountant', ['pending_accountant']],
      ['quantity_surveyor', ['pending_accountant', 'revision_needed']],
      ['architect', []],
      ['admin', [...BUDGET_STATUSES]],
    ];
    for (const [role, editable] of table) {
      for (const status of BUDGET_STATUSES) {
        // Only the lead wrote these budgets: a draft is editable by its author alone.
        const actor = { id: role === 'project_lead' ? 'lead' : role, role };
        const refusal = budgetEditRefusal(actor, budget(status), project);
        const expected = editable.includes(status) ? null : editable.length === 0 ? 'role' : 'state';
        expect(refusal, `${role} ${status}`).toBe(expected);
      }
    }
    expect(budgetEditRefusal({ id: 'pm', role: 'project_manager' }, budget('revision_needed'), project)).toBe(
      'role',
    );
    expect(budgetEditRefusal(otherLead, budget('revision_needed'), project)).toBe('role');
  });

  it('lets the administrator delete, and the author only a draft', () => {
    expect(budgetDeleteRefusal({ id: 'a', role: 'admin' }, budget('approved'))).toBeNull();
    expect(budgetDeleteRefusal(lead, budget('draft'))).toBeNull();
    expect(budgetDeleteRefusal(lead, budget('pending_qs'))).toBe('state');
    expect(budgetDeleteRefusal({ id: 'q', role: 'quantity_surveyor' }, budget('draft'))).toBe('role');
  });

  it('shows drafts only to their author and the administrator, and leads only their projects', () => {
    expect(canSeeBudget(lead, budget('draft'), project)).toBe(true);
    expect(canSeeBudget({ id: 'x', role: 'accountant' }, budget('draft'), project)).toBe(false);
    expect(canSeeBudget({ id: 'x', role: 'admin' }, budget('draft'), project)).toBe(true);
    expect(canSeeBudget(otherLead, budget('pending_qs'), project)).toBe(false);
    expect(canSeeBudget({ id: 'pm', role: 'project_manager' }, budget('pending_qs'), project)).toBe(true);
    expect(canSeeBudget({ id: 'c', role: 'client' }, budget('approved'), project)).toBe(false);
  });

  it('offers the steps the user may take now', () => {
    expect(
      budgetAbilities({ id: 'q', role: 'quantity_surveyor' }, budget('pending_qs'), project).actions,
    ).toEqual(['qs-approve-to-accountant', 'qs-return-to-lead', 'qs-reject']);
    expect(budgetAbilities({ id: 'a', role: 'admin' }, budget('pending_admin'), project).actions).toEqual([
      'return-to-lead',
      'reject',
      'approve',
      'return-to-lead-qs',
    ]);
    expect(budgetAbilities(lead, budget('revision_needed', 'someone'), project).actions).toEqual([
      'resubmit',
    ]);
    expect(budgetAbilities(lead, budget('draft', 'someone'), project).actions).toEqual([]);
    expect(budgetAbilities({ id: 'pm', role: 'project_manager' }, budget('pending_admin'), project)).toEqual({
      actions: [],
      edit: false,
      documents: false,
      delete: false,
    });
  });
});
