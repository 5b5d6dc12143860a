import { NESTED_KINDS, PAST_THE_CHAIN, type Invalidation } from './invalidation-bus.ts';
import { ResultCache } from './result-cache.ts';
import type { KeptAnswer } from '../http/compression.ts';

type Kind = Invalidation['kind'];

/** Anything kept in memory that a change can make stale. */
export interface Clearable {
  clear(): void;
}

/**
 * Kept data a module declares in its manifest: how it is made, and which published changes drop it —
 * the kinds that drop it whole, or `drop`, which drops only what an event names (one person's sessions).
 */
export interface KeptDataDeclaration<Kept extends Clearable = Clearable> {
  make(): Kept;
  droppedBy?: readonly Kind[];
  drop?(event: Invalidation, kept: Kept): void;
}

/** Declares kept data (the type of `make` is kept for the context's field). */
export function keptData<Kept extends Clearable>(declaration: KeptDataDeclaration<Kept>) {
  return declaration;
}

/** The kept data a set of declarations makes, by name. */
export type KeptDataOf<Declarations extends Record<string, KeptDataDeclaration>> = {
  [Name in keyof Declarations]: ReturnType<Declarations[Name]['make']>;
};

/**
 * The kinds of change from `kind` down the chain of nested kinds (each drops what the ones before it
 * drop), with the kinds past the chain (projects, logs and media, people), which drop all of it:
 * `changesFrom('notifications')` is every change to shared data, not settings, preferences or sessions.
 */
export function changesFrom(kind: (typeof NESTED_KINDS)[number]): readonly Kind[] {
  return [...NESTED_KINDS.slice(NESTED_KINDS.indexOf(kind)), ...PAST_THE_CHAIN];
}

/** Whole serialized answers, kept per viewer and query, weighed by their size. */
export function keptAnswers(options: { maxEntries: number; maxBytes: number; ttlMs?: number }) {
  return new ResultCache<KeptAnswer>({
    maxEntries: options.maxEntries,
    maxWeight: options.maxBytes,
    weigh: (page) => page.weight,
    expiresAt: (page) => page.until,
    ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}),
  });
}

/** Makes each declared kept data and drops it on the changes it names; answers them by name. */
export function makeKeptData(
  declarations: Readonly<Record<string, KeptDataDeclaration>>,
  subscribe: (handler: (event: Invalidation) => void) => void,
): Record<string, Clearable> {
  const made: Record<string, Clearable> = {};
  const handlers: Array<(event: Invalidation) => void> = [];
  for (const [name, declaration] of Object.entries(declarations)) {
    const kept = declaration.make();
    made[name] = kept;
    const kinds = new Set(declaration.droppedBy ?? []);
    handlers.push((event) => {
      if (kinds.has(event.kind)) kept.clear();
      declaration.drop?.(event, kept);
    });
  }
  subscribe((event) => {
    for (const handler of handlers) handler(event);
  });
  return made;
}
