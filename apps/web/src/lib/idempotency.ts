import { isOutcomeUnknown, isStillInProgress } from './api-client.ts';
import { sleep } from './sleep.ts';

/** How often a submission waits for the server to finish an earlier attempt before giving the choice back. */
export const MAX_IN_PROGRESS_WAITS = 10;
/** The longest single wait, whatever Retry-After says. */
const MAX_WAIT_MS = 10_000;

/** A random v4 UUID; crypto.randomUUID only exists on https and localhost, so plain-http sites build one. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotentSubmission {
  /**
   * Sends with the submission's key: the same key again while the last attempt's outcome is unknown.
   * While the server is still working on an earlier attempt (409 with Retry-After) it waits and sends
   * again under the same key; `signal` stops the waiting.
   */
  run<T>(send: (key: string) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Forgets the key, e.g. when the form is discarded. */
  reset(): void;
  /** The key a retry would reuse, or null when the next attempt starts a new submission. */
  readonly pendingKey: string | null;
}

/**
 * One submission's Idempotency-Key. It is kept after a dropped connection (the server may have
 * stored the first attempt, and answers that one again for the same key) and while the server is
 * still working on it, and dropped after any other answer: a success, or a refusal that created nothing.
 */
export function idempotentSubmission(createKey: () => string = newIdempotencyKey): IdempotentSubmission {
  let key: string | null = null;
  return {
    async run(send, signal) {
      const current = key ?? createKey();
      key = current;
      for (let waits = 0; ; waits++) {
        try {
          const result = await send(current);
          if (key === current) key = null;
          return result;
        } catch (error) {
          if (isStillInProgress(error) && waits < MAX_IN_PROGRESS_WAITS && key === current) {
            await sleep(Math.min(error.retryAfterMs, MAX_WAIT_MS), signal);
            continue;
          }
          if (key === current && !isOutcomeUnknown(error)) key = null;
          throw error;
        }
      }
    },
    reset() {
      key = null;
    },
    get pendingKey() {
      return key;
    },
  };
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
