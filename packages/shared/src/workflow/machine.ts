import type { Role } from '../auth/roles.ts';

/** One action of a workflow: the states it starts from, the state it leads to, the roles that take it. */
export interface TransitionRule<S extends string, O> {
  from: readonly S[];
  /** The next state, or a choice made from the workflow's settings (a review step switched off). */
  to: S | ((options: O, from: S) => S);
  roles: readonly Role[];
  /** Narrower starting states for some roles (each reviewer acts only at their own step). */
  fromByRole?: Partial<Record<Role, readonly S[]>>;
}

/** Why an action cannot be taken: the role never may (403), or not from this state (409). */
export type TransitionRefusal = 'role' | 'state';

export type TransitionCheck<S extends string> =
  { allowed: true; next: S } | { allowed: false; refusal: TransitionRefusal };

/**
 * A workflow as a table: state × action → next state, with the roles allowed each action. Its rules
 * are read through these methods only: the server's workflow engine asks `check`, screens ask
 * `actionsFor`, and nothing reads the table itself (a lint rule refuses `.rules[` and `.next(`
 * outside the engine).
 */
export interface Machine<S extends string, A extends string, O = void, N extends string = string> {
  /** The workflow's name: what its status history rows are filed under. */
  readonly name: N;
  readonly states: readonly S[];
  readonly actions: readonly A[];
  /** The state an action leads to from `status`, or null when it does not start there. */
  next(status: S, action: A, options: O): S | null;
  /** Whether `role` may take `action` from `status`; a role never allowed the action is refused first. */
  check(status: S, action: A, role: Role, options: O): TransitionCheck<S>;
  /** Whether `role` ever takes `action` (the 403 asked before the object is read). */
  mayTake(role: Role, action: A): boolean;
  /** The roles that take `action`. */
  rolesOf(action: A): readonly Role[];
  /** The states `action` starts from (for `role`, when its starting states are narrower). */
  startsFrom(action: A, role?: Role): readonly S[];
  /** The state `action` leads to when it is fixed; null when it is chosen from the options. */
  target(action: A): S | null;
  /** The actions `role` may take from `status` now (what the screen offers). */
  actionsFor(status: S, role: Role): A[];
  isState(value: unknown): value is S;
}

/** Builds a workflow from its transition table; the server and the screen both read it. */
export function defineMachine<
  const S extends string,
  const A extends string,
  O = void,
  const N extends string = string,
>(definition: {
  name: N;
  states: readonly S[];
  rules: Record<A, TransitionRule<S, O>>;
}): Machine<S, A, O, N> {
  const { name, states, rules } = definition;
  const actions = Object.keys(rules) as A[];
  for (const action of actions) {
    const rule = rules[action];
    for (const state of [...rule.from, ...Object.values(rule.fromByRole ?? {}).flat()]) {
      if (!states.includes(state as S)) {
        throw new Error(`${name}.${action} starts from unknown state ${String(state)}`);
      }
    }
    if (typeof rule.to === 'string' && !states.includes(rule.to)) {
      throw new Error(`${name}.${action} leads to unknown state ${rule.to}`);
    }
  }
  const startsFrom = (action: A, role?: Role | null): readonly S[] => {
    const rule = rules[action];
    return (role && rule.fromByRole?.[role]) || rule.from;
  };
  const nextFor = (status: S, action: A, options: O, role: Role | null): S | null => {
    const rule = rules[action];
    if (!rule || !startsFrom(action, role).includes(status)) return null;
    const chosen = typeof rule.to === 'function' ? rule.to(options, status) : rule.to;
    if (!states.includes(chosen)) throw new Error(`${name}.${action} chose unknown state ${chosen}`);
    return chosen;
  };
  const mayTake = (role: Role, action: A) => Boolean(rules[action]?.roles.includes(role));
  return {
    name,
    states,
    actions,
    next: (status, action, options) => nextFor(status, action, options, null),
    check(status, action, role, options) {
      if (!mayTake(role, action)) return { allowed: false, refusal: 'role' };
      const next = nextFor(status, action, options, role);
      return next === null ? { allowed: false, refusal: 'state' } : { allowed: true, next };
    },
    mayTake,
    rolesOf: (action) => rules[action].roles,
    startsFrom,
    target: (action) => {
      const to = rules[action].to;
      return typeof to === 'string' ? to : null;
    },
    actionsFor(status, role) {
      return actions.filter(
        (action) => rules[action].roles.includes(role) && startsFrom(action, role).includes(status),
      );
    },
    isState(value): value is S {
      return typeof value === 'string' && (states as readonly string[]).includes(value);
    },
  };
}
