import type { NodeResult } from 'axe-core';

/**
 * What the accessibility check of the browser tests lets pass: elements of third-party widgets that
 * break a rule and cannot be fixed from Trowel's side, each with why. Everything else fails the test.
 * An entry names the rule and a part of the element's CSS path as axe reports it; keep the list short.
 */
interface Allowance {
  rule: string;
  /** A part of the element's selector as axe reports it (`node.target`). */
  target: string;
  why: string;
}

export const ALLOW_LIST: readonly Allowance[] = [];

/** Whether the element axe found breaking `rule` is let pass by the list. */
export function allowedNodes(rule: string, node: NodeResult): boolean {
  const target = node.target.join(' ');
  return ALLOW_LIST.some((allowance) => allowance.rule === rule && target.includes(allowance.target));
}
