/** The job type of a notification's Web Push (a file of its own so the notices statement can name it). */
export const NOTIFICATION_PUSH_JOB = 'notification-push';

/** Attempts of a push job: with the backoff below, some ten minutes of retries. */
export const PUSH_JOB_ATTEMPTS = 4;

/**
 * Notices of one topic (type) to one person within this many seconds (windows aligned on the clock)
 * are one push: each push job waits this long, and only the newest notice of the window is sent.
 */
export const PUSH_COLLAPSE_SECONDS = 10;

/** Seconds before the next attempt of a push job: 15 s, 1 min, 4 min. */
export function pushRetryDelaySeconds(attemptsMade: number): number {
  return 15 * 4 ** Math.max(0, attemptsMade - 1);
}
