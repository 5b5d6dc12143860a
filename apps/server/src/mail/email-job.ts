import type { PlatformContext as AppContext } from '../platform.ts';
import type { JobRow } from '../db/schema.ts';
import { PermanentJobError } from '../jobs/worker.ts';
import { sendOnce } from './send-once.ts';
import { MailSendError, type OutgoingEmail } from './transport.ts';

/** A send that failed: retried while it may still work, failed at once when it never will. */
export function jobErrorOf(error: unknown): Error {
  if (!(error instanceof MailSendError)) return error instanceof Error ? error : new Error('Sending failed');
  const reason = `${error.failure.code}: ${error.failure.message}`;
  return error.failure.retryable ? new Error(reason) : new PermanentJobError(reason);
}

/** The `email` job (queueEmail): one message to one address, at most once. */
export async function sendQueuedEmail(ctx: AppContext, job: JobRow): Promise<Record<string, unknown>> {
  const message = job.payload as OutgoingEmail;
  let outcome;
  try {
    outcome = await sendOnce(ctx, job.id, message.to, message);
  } catch (error) {
    throw jobErrorOf(error);
  }
  return outcome === 'unconfirmed' ? { sent: 0, unconfirmed: 1 } : { sent: 1 };
}
