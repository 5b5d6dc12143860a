import type { JobKind } from '../jobs/worker.ts';
import { digestJobKinds } from './digest.ts';
import { sendQueuedEmail } from './email-job.ts';
import { mailRetryDelaySeconds, NOTIFICATION_EMAIL_JOB } from './email-jobs.ts';
import { EMAIL_JOB } from './mail-queue.ts';
import { sendNotificationEmails } from './notification-email.ts';

/** Every job of outgoing mail: single emails, notification emails and the digests. */
export const mailJobKinds: Record<string, JobKind> = {
  [EMAIL_JOB]: { run: sendQueuedEmail, retryDelaySeconds: mailRetryDelaySeconds, keepDays: 30 },
  [NOTIFICATION_EMAIL_JOB]: {
    run: sendNotificationEmails,
    retryDelaySeconds: mailRetryDelaySeconds,
    keepDays: 30,
  },
  ...digestJobKinds,
};
