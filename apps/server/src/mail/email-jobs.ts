/** The job types of outgoing mail (a file of its own so repositories can name them without imports). */
export const NOTIFICATION_EMAIL_JOB = 'notification-email';
export const DIGEST_EMAIL_JOB = 'digest-email';

/** Attempts of a mail job: with the backoff below, about three quarters of an hour of retries. */
export const MAIL_JOB_ATTEMPTS = 5;

/** Seconds before the next attempt of a mail job: 30 s, 2 min, 8 min, 32 min. */
export function mailRetryDelaySeconds(attemptsMade: number): number {
  return 30 * 4 ** Math.max(0, attemptsMade - 1);
}
