import type { PlatformContext as AppContext } from '../platform.ts';
import type { JobRow } from '../db/schema.ts';
import { mapLimited } from '../lib/map-limited.ts';
import { renderEmail } from './email-content.ts';
import { jobErrorOf } from './email-job.ts';
import { publicLink } from './mail-queue.ts';
import { sendOnce, type SendOnceOutcome } from './send-once.ts';
import { MAIL_POOL_CONNECTIONS, MailSendError } from './transport.ts';

interface NotificationEmailPayload {
  notificationId: string;
  /** The people whose flags allowed the email when the notification was written (and not sent yet). */
  userIds: string[];
}

const PREFERENCES_FOOTER = (settingsUrl: string) =>
  `You receive this email because of your notification settings in Trowel. Change them at ${settingsUrl}`;

/**
 * The email of one notification to the people it reached who want it: one message each, through the
 * pooled connection, at most once each (sendOnce). When some sends fail and may work later, the job
 * keeps only those people and is tried again; a refused address is dropped. The notification itself
 * is never touched.
 */
export async function sendNotificationEmails(ctx: AppContext, job: JobRow): Promise<Record<string, unknown>> {
  const payload = job.payload as NotificationEmailPayload;
  // Without email nothing can be sent, now or on a retry: the job ends with that said, not as a
  // failure to warn about on every notification of a company that does not use email.
  if (!(await ctx.mail.configured())) return { sent: 0, skipped: 'Email is not configured' };
  const notification = await ctx.mailStore.notification(payload.notificationId);
  if (!notification) return { sent: 0, skipped: 'The notification was removed' };
  const people = await ctx.mailStore.people(payload.userIds);
  const { text, html } = renderEmail({
    heading: notification.title,
    paragraphs: [notification.message],
    action: notification.link?.startsWith('/')
      ? { label: 'Open in Trowel', url: publicLink(ctx.config, notification.link) }
      : { label: 'Open your notifications', url: publicLink(ctx.config, '/notifications') },
    footer: PREFERENCES_FOOTER(publicLink(ctx.config, '/settings')),
  });

  // As many at once as the pool has connections: more would only wait in the pool's queue.
  const outcomes = await mapLimited(people, MAIL_POOL_CONNECTIONS, async (person) => {
    try {
      const message = { to: person.email, subject: notification.title, text, html };
      return { person, sent: await sendOnce(ctx, job.id, person.id, message), error: null };
    } catch (error) {
      return { person, sent: null, error };
    }
  });
  const failed = outcomes.filter((outcome) => outcome.error !== null);
  const retry = failed.filter(
    ({ error }) => !(error instanceof MailSendError) || !error.failure.recipientOnly,
  );
  const count = (what: SendOnceOutcome) => outcomes.filter((outcome) => outcome.sent === what).length;
  const done = { sent: count('sent'), sentBefore: count('sent-before'), unconfirmed: count('unconfirmed') };
  if (retry.length === 0) return { ...done, refused: failed.length };

  await ctx.jobs.replacePayload(job.id, {
    notificationId: payload.notificationId,
    userIds: retry.map(({ person }) => person.id),
  });
  const error = jobErrorOf(retry[0]!.error);
  error.message = `${retry.length} of ${outcomes.length} not sent: ${error.message}`;
  throw error;
}
