import { PermanentJobError } from '../../jobs/worker.ts';
import type { ModuleContext } from '../../platform.ts';
import { sendTemplateMessage, WhatsAppSendError } from './graph-client.ts';
import type { NewWhatsAppMessage } from './whatsapp.repository.ts';

export type WhatsAppOutcome = 'sent' | 'sent-before' | 'unconfirmed';

/**
 * Sends one template message at most once per key, however often its job runs: marked before it
 * leaves, confirmed with the Cloud API's message id after. A 429, 5xx or no answer removes the mark
 * and throws for the job to retry with backoff; any other refusal is kept as failed and not retried.
 */
export async function sendWhatsAppOnce(
  ctx: ModuleContext,
  record: NewWhatsAppMessage,
  /** The template's parameters, made only once the message is marked (a one-time link is made here). */
  parameters: readonly string[] | (() => Promise<readonly string[]>),
): Promise<WhatsAppOutcome> {
  const mark = await ctx.whatsapp.markSending(record);
  if (mark === 'sending') return 'unconfirmed';
  if (mark !== 'new') return 'sent-before';
  try {
    const filled = typeof parameters === 'function' ? await parameters() : parameters;
    const id = await sendTemplateMessage(ctx, {
      parameters: filled,
      to: record.toPhone,
      event: record.event,
    });
    await ctx.whatsapp.markSent(record.dedupeKey, id);
    return 'sent';
  } catch (error) {
    if (error instanceof WhatsAppSendError && !error.retryable) {
      await ctx.whatsapp.markFailed(record.dedupeKey, error.message);
      throw new PermanentJobError(error.message);
    }
    await ctx.whatsapp.unmarkSending(record.dedupeKey).catch(() => undefined);
    throw error;
  }
}
