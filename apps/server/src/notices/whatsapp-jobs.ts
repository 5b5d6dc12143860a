/** The job types of WhatsApp messages (a file of the lower layer, so the notices statement can name them). */
export const WHATSAPP_NOTIFICATION_JOB = 'whatsapp-notification';
export const WHATSAPP_CODE_JOB = 'whatsapp-code';
export const WHATSAPP_RFQ_INVITATION_JOB = 'whatsapp-rfq-invitation';

/** Attempts of a WhatsApp job: with the backoff below, about twenty minutes of retries. */
export const WHATSAPP_JOB_ATTEMPTS = 5;

/** Seconds before the next attempt after a 429 or 5xx: 15 s, 1 min, 4 min, 16 min. */
export function whatsappRetryDelaySeconds(attemptsMade: number): number {
  return 15 * 4 ** Math.max(0, attemptsMade - 1);
}
