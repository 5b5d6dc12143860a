import type { PlatformContext as AppContext } from '../platform.ts';
import type { JobRow } from '../db/schema.ts';
import { PermanentJobError } from '../jobs/worker.ts';
import { MailSendError, type OutgoingEmail } from './transport.ts';

/** A send that failed: retried while it may still work, failed at once when it never will. */
export function jobErrorOf(error: unknown): Error {
  if (!(error instanceof MailSendError)) return error instanceof Error ? error : new Error('Sending failed');
  const reason = `${error.failure.code}: ${error.failure.message}`;
  return error.failure.retryable ? new Error(reason) : new PermanentJobError(reason);
}

/** The `email` job (queueEmail): one message to one address. */
export async function sendQueuedEmail(ctx: AppContext, job: JobRow): Promise<Record<string, unknown>> {
  const message = job.payload as OutgoingEmail;
  try {
    await ctx.mail.send(message);
  } catch (error) {
    throw jobErrorOf(error);
  }
  return { sent: 1 };
}
