import { useCallback, useRef, useState } from 'react';
import { IDEMPOTENCY_HEADER, idempotentSubmission } from '../lib/idempotency.ts';

export type IdempotentSend<I, O> = (input: I, headers: Record<string, string>) => Promise<O>;

/**
 * Wraps a JSON create so every submission carries an Idempotency-Key: a retry of the same input
 * after a dropped connection goes out under the same key (the server answers the first attempt's
 * result instead of creating a second), while a changed input or a new submission gets a new key.
 */
export function useIdempotentSend<I, O>(send: IdempotentSend<I, O>): (input: I) => Promise<O> {
  const [submission] = useState(() => idempotentSubmission());
  const pendingInput = useRef<string | null>(null);
  return useCallback(
    (input: I) => {
      const body = JSON.stringify(input);
      if (submission.pendingKey !== null && pendingInput.current !== body) submission.reset();
      pendingInput.current = body;
      return submission.run((key) => send(input, { [IDEMPOTENCY_HEADER]: key }));
    },
    [submission, send],
  );
}
