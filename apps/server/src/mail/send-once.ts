import type { PlatformContext } from '../platform.ts';
import type { OutgoingEmail } from './transport.ts';

/**
 * What became of one email of a job: sent now, sent by an earlier run, or left unconfirmed by an
 * earlier run that stopped while sending it (its worker died): it may have left, so it is not sent again.
 */
export type SendOnceOutcome = 'sent' | 'sent-before' | 'unconfirmed';

/**
 * Sends a job's email to one recipient at most once, however often the job runs: the send is marked
 * before it leaves (an idempotent key of job and recipient) and confirmed after the mail server took
 * it. A failed send removes its mark, so a retry sends it; a worker dying mid-send leaves the mark,
 * and nobody gets the email twice (at most once: that one email may be lost, and is counted).
 */
export async function sendOnce(
  ctx: Pick<PlatformContext, 'mail' | 'mailStore'>,
  jobId: number,
  recipient: string,
  message: OutgoingEmail,
): Promise<SendOnceOutcome> {
  const mark = await ctx.mailStore.markSending(jobId, recipient);
  if (mark === 'sent') return 'sent-before';
  if (mark === 'sending') return 'unconfirmed';
  try {
    await ctx.mail.send(message);
  } catch (error) {
    // Should this fail too (the database is gone), the mark stays and the email counts as unconfirmed.
    await ctx.mailStore.unmarkSending(jobId, recipient).catch(() => undefined);
    throw error;
  }
  await ctx.mailStore.markSent(jobId, recipient);
  return 'sent';
}
