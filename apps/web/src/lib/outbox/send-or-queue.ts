import { isOutcomeUnknown } from '../api-client.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../idempotency.ts';
import { enqueue, type NewOutboxItem } from './outbox.ts';

export type SentOrQueued<T> = { queued: false; answer: T } | { queued: true };

/**
 * Sends a captured action now under a fresh Idempotency-Key, or, offline or when the network fails
 * on the way, queues it in the outbox under that same key: an attempt that did reach the server is
 * then applied once. Any other refusal (a wrong field, no access) is thrown as before.
 */
export async function sendOrQueue<T>(
  entry: Omit<NewOutboxItem, 'id'>,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<SentOrQueued<T>> {
  const key = newIdempotencyKey();
  if (!navigator.onLine) {
    await enqueue({ ...entry, id: key });
    return { queued: true };
  }
  try {
    return { queued: false, answer: await send({ [IDEMPOTENCY_HEADER]: key }) };
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw error;
    await enqueue({ ...entry, id: key });
    return { queued: true };
  }
}
