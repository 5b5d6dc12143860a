import { useCallback, useRef, useState } from 'react';
import { isOutcomeUnknown } from '../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, idempotentSubmission, newIdempotencyKey } from '../lib/idempotency.ts';

export interface UploadTransport {
  headers: Record<string, string>;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'preparing' }
  | { status: 'sending'; progress: number }
  /** The connection dropped: the same payload can be retried under the same key. */
  | { status: 'interrupted' };

/** Where a payload goes when it cannot be sent now: the outbox, under the key it was (or would be) sent with. */
export interface UploadQueue<P> {
  queue: (payload: P, idempotencyKey: string) => Promise<void>;
  onQueued: (payload: P) => void;
}

interface IdempotentUploadOptions<P, R> {
  send: (payload: P, transport: UploadTransport) => Promise<R>;
  onSuccess: (result: R, payload: P) => void | Promise<void>;
  onError: (error: unknown) => void;
  /** Offline, or when the connection drops on the way, the payload is queued rather than failing. */
  offline?: UploadQueue<P>;
}

/**
 * Sends a multipart submission with progress under an Idempotency-Key kept until it succeeds, so
 * Retry after a dropped connection sends the same payload with the same key and cannot duplicate it.
 */
export function useIdempotentUpload<P, R>({
  send,
  onSuccess,
  onError,
  offline,
}: IdempotentUploadOptions<P, R>) {
  const [submission] = useState(() => idempotentSubmission());
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const lastPayload = useRef<P | null>(null);
  const controller = useRef<AbortController | null>(null);

  /** Hands the payload to the outbox under `key`; answers whether it was queued. */
  async function queue(payload: P, key: string): Promise<boolean> {
    if (!offline) return false;
    try {
      await offline.queue(payload, key);
    } catch {
      return false;
    }
    submission.reset();
    lastPayload.current = null;
    setState({ status: 'idle' });
    offline.onQueued(payload);
    return true;
  }

  async function transmit(payload: P) {
    if (offline && !navigator.onLine && (await queue(payload, submission.pendingKey ?? newIdempotencyKey())))
      return;
    lastPayload.current = payload;
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'sending', progress: 0 });
    let result: R;
    try {
      result = await submission.run(
        (key) =>
          send(payload, {
            headers: { [IDEMPOTENCY_HEADER]: key },
            onProgress: (progress) => setState({ status: 'sending', progress }),
            signal: abort.signal,
          }),
        abort.signal,
      );
    } catch (error) {
      if (abort.signal.aborted) return;
      const interrupted = isOutcomeUnknown(error) && submission.pendingKey !== null;
      if (interrupted && (await queue(payload, submission.pendingKey ?? newIdempotencyKey()))) return;
      if (!interrupted) lastPayload.current = null;
      setState(interrupted ? { status: 'interrupted' } : { status: 'idle' });
      onError(error);
      return;
    }
    lastPayload.current = null;
    setState({ status: 'idle' });
    await onSuccess(result, payload);
  }

  /** Prepares the payload (e.g. downscales photos), then sends it. */
  async function submit(prepare: () => P | Promise<P>) {
    setState({ status: 'preparing' });
    let payload: P;
    try {
      payload = await prepare();
    } catch (error) {
      setState({ status: 'idle' });
      onError(error);
      return;
    }
    await transmit(payload);
  }

  /** Sends the interrupted payload again, under its key. */
  async function retry() {
    if (lastPayload.current !== null) await transmit(lastPayload.current);
  }

  /** Stops a running upload and forgets the submission (its form was discarded). Stable between renders. */
  const reset = useCallback(() => {
    controller.current?.abort();
    submission.reset();
    lastPayload.current = null;
    setState({ status: 'idle' });
  }, [submission]);

  const busy = state.status === 'preparing' || state.status === 'sending';
  return { state, busy, submit, retry, reset };
}
