import { PermanentJobError } from '../../jobs/worker.ts';
import type { ModuleContext } from '../../platform.ts';
import { sendTemplateMessage, WhatsAppSendError, type UploadedDocument } from './graph-client.ts';
import type { NewWhatsAppMessage } from './whatsapp.repository.ts';

export type WhatsAppOutcome = 'sent' | 'sent-before' | 'unconfirmed';

/** What fills a template: its parameters, and the document of its header when it has one. */
export interface TemplateFill {
  parameters: readonly string[];
  document?: UploadedDocument;
}

/**
 * Sends one template message at most once per key, however often its job runs: marked before it
 * leaves, confirmed with the Cloud API's message id after. A 429, 5xx or no answer (to the message or
 * to the upload of its document) removes the mark and throws for the job to retry with backoff; any
 * other refusal is kept as failed and not retried.
 */
export async function sendWhatsAppOnce(
  ctx: ModuleContext,
  record: NewWhatsAppMessage,
  /**
   * What fills the template, made only once the message is marked (a one-time link is made here, a
   * document uploaded).
   */
  fill: TemplateFill | (() => Promise<TemplateFill>),
): Promise<WhatsAppOutcome> {
  const mark = await ctx.whatsapp.markSending(record);
  if (mark === 'sending') return 'unconfirmed';
  if (mark !== 'new') return 'sent-before';
  try {
    const filled = typeof fill === 'function' ? await fill() : fill;
    const id = await sendTemplateMessage(ctx, { ...filled, to: record.toPhone, event: record.event });
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
