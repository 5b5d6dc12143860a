import { ROLES, type Role } from '../auth/roles.ts';
import type { Machine } from './machine.ts';

/** What a (status, action, role) triple must give: the next state, or the refusal (403 role, 409 state). */
export type ExpectedOutcome<S extends string> = S | 'role' | 'state';

export interface MachineCase<S extends string, A extends string> {
  status: S;
  action: A;
  role: Role;
  expected: ExpectedOutcome<S>;
}

/**
 * The table-driven test of a workflow: every (status, action, role) triple, with the outcome the
 * spec states. `allowed` lists, independently of the machine's own table, each step the spec allows
 * as [from, action, role, to]; every triple not listed must be refused, for the role when that role
 * never takes the action (403) and for the state otherwise (409). Shared tests assert the machine,
 * and route tests can drive the API with the same cases.
 */
export function machineCases<S extends string, A extends string, O>(
  machine: Machine<S, A, O>,
  allowed: ReadonlyArray<readonly [S, A, Role, S]>,
): MachineCase<S, A>[] {
  const cases: MachineCase<S, A>[] = [];
  for (const status of machine.states) {
    for (const action of machine.actions) {
      for (const role of ROLES) {
        const step = allowed.find(([from, a, r]) => from === status && a === action && r === role);
        const roleTakesAction = allowed.some(([, a, r]) => a === action && r === role);
        cases.push({
          status,
          action,
          role,
          expected: step ? step[3] : roleTakesAction ? 'state' : 'role',
        });
      }
    }
  }
  return cases;
}

/** The outcome the machine gives a triple, in the terms of `ExpectedOutcome`. */
export function outcomeOf<S extends string, A extends string, O>(
  machine: Machine<S, A, O>,
  { status, action, role }: Pick<MachineCase<S, A>, 'status' | 'action' | 'role'>,
  options: O,
): ExpectedOutcome<S> {
  const result = machine.check(status, action, role, options);
  return result.allowed ? result.next : result.refusal;
}
