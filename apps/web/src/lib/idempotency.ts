import { isOutcomeUnknown } from './api-client.ts';

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
  /** Sends with the submission's key: the same key again while the last attempt's outcome is unknown. */
  run<T>(send: (key: string) => Promise<T>): Promise<T>;
  /** Forgets the key, e.g. when the form is discarded. */
  reset(): void;
  /** The key a retry would reuse, or null when the next attempt starts a new submission. */
  readonly pendingKey: string | null;
}

/**
 * One submission's Idempotency-Key. It is kept after a dropped connection (the server may have
 * stored the first attempt, and answers that one again for the same key) and dropped after any
 * answer: a success, or a refusal that created nothing.
 */
export function idempotentSubmission(createKey: () => string = newIdempotencyKey): IdempotentSubmission {
  let key: string | null = null;
  return {
    async run(send) {
      const current = key ?? createKey();
      key = current;
      try {
        const result = await send(current);
        if (key === current) key = null;
        return result;
      } catch (error) {
        if (key === current && !isOutcomeUnknown(error)) key = null;
        throw error;
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
