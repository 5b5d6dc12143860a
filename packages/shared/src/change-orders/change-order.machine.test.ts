import { describe, expect, it } from 'vitest';
import type { Role } from '../auth/roles.ts';
import { machineCases, outcomeOf } from '../workflow/machine-cases.ts';
import {
  CHANGE_ORDER_STATUSES,
  changeOrderMachine,
  type ChangeOrderAction,
  type ChangeOrderStatus,
} from './change-order.machine.ts';

type Step = readonly [ChangeOrderStatus, ChangeOrderAction, Role, ChangeOrderStatus];
const DRAFTERS: Role[] = ['admin', 'project_manager', 'project_lead', 'quantity_surveyor'];
const byStaff = (from: ChangeOrderStatus, action: ChangeOrderAction, to: ChangeOrderStatus): Step[] =>
  DRAFTERS.map((role) => [from, action, role, to] as const);

/** Issue 25, written out independently of the machine. */
const ALLOWED: Step[] = [
  ...byStaff('draft', 'send', 'sent_to_client'),
  ['sent_to_client', 'approve', 'client', 'approved'],
  ['sent_to_client', 'decline', 'client', 'declined'],
  ...byStaff('draft', 'withdraw', 'withdrawn'),
  ...byStaff('sent_to_client', 'withdraw', 'withdrawn'),
];

describe('the change-order machine', () => {
  it('gives every (status, action, role) triple the outcome the issue gives', () => {
    const cases = machineCases(changeOrderMachine, ALLOWED);
    expect(cases).toHaveLength(CHANGE_ORDER_STATUSES.length * changeOrderMachine.actions.length * 10);
    for (const triple of cases) {
      expect(outcomeOf(changeOrderMachine, triple, undefined), JSON.stringify(triple)).toBe(triple.expected);
    }
  });

  it('lets nothing leave an answer or a withdrawal', () => {
    for (const status of ['approved', 'declined', 'withdrawn'] as const) {
      for (const role of [...DRAFTERS, 'client'] as const) {
        expect(changeOrderMachine.actionsFor(status, role)).toEqual([]);
      }
    }
  });

  it('offers the client the answer and the staff the withdrawal while it awaits the client', () => {
    expect(changeOrderMachine.actionsFor('sent_to_client', 'client')).toEqual(['approve', 'decline']);
    expect(changeOrderMachine.actionsFor('sent_to_client', 'project_manager')).toEqual(['withdraw']);
    expect(changeOrderMachine.actionsFor('draft', 'quantity_surveyor')).toEqual(['send', 'withdraw']);
    expect(changeOrderMachine.actionsFor('draft', 'accountant')).toEqual([]);
  });
});
