import { describe, expect, it } from 'vitest';
import { defineMachine } from './machine.ts';
import { machineCases, outcomeOf } from './machine-cases.ts';

/** A review with an optional second step, to exercise the helper as the real workflows will. */
const review = defineMachine({
  name: 'review',
  states: ['draft', 'pending_check', 'pending_approval', 'approved', 'returned'],
  rules: {
    submit: {
      from: ['draft', 'returned'],
      to: (options: { checkEnabled: boolean }) =>
        options.checkEnabled ? 'pending_check' : 'pending_approval',
      roles: ['project_lead'],
    },
    check: { from: ['pending_check'], to: 'pending_approval', roles: ['quantity_surveyor'] },
    approve: { from: ['pending_approval'], to: 'approved', roles: ['admin'] },
    return: {
      from: ['pending_check', 'pending_approval'],
      to: 'returned',
      roles: ['quantity_surveyor', 'admin'],
    },
  },
});

const spec = (checkEnabled: boolean) =>
  [
    ['draft', 'submit', 'project_lead', checkEnabled ? 'pending_check' : 'pending_approval'],
    ['returned', 'submit', 'project_lead', checkEnabled ? 'pending_check' : 'pending_approval'],
    ['pending_check', 'check', 'quantity_surveyor', 'pending_approval'],
    ['pending_approval', 'approve', 'admin', 'approved'],
    ['pending_check', 'return', 'quantity_surveyor', 'returned'],
    ['pending_check', 'return', 'admin', 'returned'],
    ['pending_approval', 'return', 'quantity_surveyor', 'returned'],
    ['pending_approval', 'return', 'admin', 'returned'],
  ] as const;

describe('defineMachine', () => {
  for (const checkEnabled of [true, false]) {
    const cases = machineCases(review, spec(checkEnabled));
    it(`covers every (status, action, role) triple with the check ${checkEnabled ? 'on' : 'off'}`, () => {
      expect(cases).toHaveLength(5 * 4 * 10);
      for (const triple of cases) {
        expect(outcomeOf(review, triple, { checkEnabled }), JSON.stringify(triple)).toBe(triple.expected);
      }
    });
  }

  it('refuses a role that never takes the action before looking at the state', () => {
    expect(review.check('approved', 'approve', 'team_member', { checkEnabled: true })).toEqual({
      allowed: false,
      refusal: 'role',
    });
    expect(review.check('approved', 'approve', 'admin', { checkEnabled: true })).toEqual({
      allowed: false,
      refusal: 'state',
    });
  });

  it('offers each role the actions it may take now', () => {
    expect(review.actionsFor('pending_check', 'quantity_surveyor')).toEqual(['check', 'return']);
    expect(review.actionsFor('pending_check', 'admin')).toEqual(['return']);
    expect(review.actionsFor('approved', 'admin')).toEqual([]);
  });

  it('refuses a table that names a state it does not have', () => {
    expect(() =>
      defineMachine({
        name: 'broken',
        states: ['open'],
        rules: { close: { from: ['open'], to: 'closed' as 'open', roles: ['admin'] } },
      }),
    ).toThrow(/unknown state closed/);
  });
});
