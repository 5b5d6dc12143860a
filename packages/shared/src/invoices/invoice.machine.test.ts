import { describe, expect, it } from 'vitest';
import type { Role } from '../auth/roles.ts';
import { machineCases, outcomeOf } from '../workflow/machine-cases.ts';
import {
  invoiceMachine,
  type InvoiceAction,
  type InvoiceOptions,
  type InvoiceStatus,
} from './invoice.machine.ts';

type Step = readonly [InvoiceStatus, InvoiceAction, Role, InvoiceStatus];
const ACCOUNTS: Role[] = ['admin', 'accountant'];

/** Issue 25, written out independently of the machine. */
function allowed(options: InvoiceOptions): Step[] {
  return [
    ...ACCOUNTS.flatMap((role): Step[] => [
      ['recorded', 'match', role, options.matchStatus],
      ['matched', 'approve', role, 'approved'],
      ['recorded', 'reject', role, 'rejected'],
      ['matched', 'reject', role, 'rejected'],
      ['disputed', 'reject', role, 'rejected'],
      ['approved', 'pay', role, options.paidInFull ? 'paid' : 'approved'],
    ]),
    // A disputed invoice needs the administrator.
    ['disputed', 'approve', 'admin', 'approved'],
  ];
}

describe('invoice machine', () => {
  for (const matchStatus of ['matched', 'disputed'] as const) {
    for (const paidInFull of [true, false]) {
      it(`gives every (status, action, role) its outcome (${matchStatus}, ${paidInFull ? 'paid in full' : 'part paid'})`, () => {
        const options = { matchStatus, paidInFull };
        for (const triple of machineCases(invoiceMachine, allowed(options))) {
          expect(outcomeOf(invoiceMachine, triple, options), JSON.stringify(triple)).toBe(triple.expected);
        }
      });
    }
  }

  it('offers the accountant approval of a matched invoice only', () => {
    expect(invoiceMachine.actionsFor('disputed', 'accountant')).toEqual(['reject']);
    expect(invoiceMachine.actionsFor('disputed', 'admin')).toEqual(['approve', 'reject']);
  });
});
