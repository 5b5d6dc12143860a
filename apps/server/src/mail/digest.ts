import type { DigestPeriod } from '@trowel/shared/notifications/notification-preferences.ts';
import type { PlatformContext as AppContext } from '../platform.ts';
import type { JobRow } from '../db/schema.ts';
import type { JobKind } from '../jobs/worker.ts';
import { renderEmail } from './email-content.ts';
import { jobErrorOf } from './email-job.ts';
import { DIGEST_EMAIL_JOB, mailRetryDelaySeconds } from './email-jobs.ts';
import { publicLink } from './mail-queue.ts';
import { sendOnce } from './send-once.ts';

const DAY_MS = 86_400_000;
/** Digests go out at 07:00 in Lagos (06:00 UTC; Nigeria keeps no summer time); weekly ones on Mondays. */
const SEND_HOUR_UTC = 6;
const PERIOD_DAYS = { daily: 1, weekly: 7 } as const satisfies Record<DigestPeriod, number>;
/** Notifications listed in one digest; the rest are counted. */
const DIGEST_ITEMS = 20;

/** The start of the digest period `now` is in: the last 06:00 UTC (a Monday's, for weekly) at or before it. */
export function digestPeriodStart(period: DigestPeriod, now: Date): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), SEND_HOUR_UTC));
  if (start > now) start.setUTCDate(start.getUTCDate() - 1);
  if (period === 'weekly') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return start;
}

interface DigestRunPayload {
  period: DigestPeriod;
  key: string;
}

/** The recurring job of one period: queues each subscriber's digest email of the period. */
function digestRun(period: DigestPeriod): JobKind {
  return {
    schedule: (now) => {
      const key = digestPeriodStart(period, now).toISOString().slice(0, 10);
      return { key, payload: { period, key } satisfies DigestRunPayload };
    },
    run: async (ctx, job) => {
      const { key } = job.payload as DigestRunPayload;
      const until = new Date();
      const since = new Date(until.getTime() - PERIOD_DAYS[period] * DAY_MS);
      const queued = await ctx.mailStore.queueDigestEmails({
        period,
        key,
        since: since.toISOString(),
        until: until.toISOString(),
      });
      if (queued > 0) ctx.wakeWorker();
      return { queued };
    },
    keepDays: 60,
  };
}

interface DigestEmailPayload {
  userId: string;
  period: DigestPeriod;
  since: string;
  until: string;
}

/** One person's digest: their unread notifications of the window, newest first. */
async function sendDigestEmail(ctx: AppContext, job: JobRow): Promise<Record<string, unknown>> {
  const { userId, period, since, until } = job.payload as DigestEmailPayload;
  const [person] = await ctx.mailStore.people([userId]);
  if (!person) return { sent: 0, skipped: 'The person is no longer active' };
  const unread = await ctx.mailStore.unreadBetween(userId, since, until, DIGEST_ITEMS);
  if (unread.total === 0) return { sent: 0, skipped: 'Nothing unread' };
  const noun = unread.total === 1 ? 'notification' : 'notifications';
  const subject =
    period === 'daily'
      ? `Your daily digest: ${unread.total} unread ${noun}`
      : `Your weekly report: ${unread.total} unread ${noun}`;
  const more = unread.total - unread.rows.length;
  const { text, html } = renderEmail({
    heading: subject,
    paragraphs: [
      `Hello ${person.name}, here is what you have not read in Trowel over the last ${period === 'daily' ? 'day' : 'week'}.`,
      ...(more > 0 ? [`And ${more} more.`] : []),
    ],
    items: unread.rows.map((row) => ({
      title: row.title,
      detail: row.message,
      url: row.link?.startsWith('/') ? publicLink(ctx.config, row.link) : undefined,
    })),
    action: { label: 'Open your notifications', url: publicLink(ctx.config, '/notifications') },
    footer: `You asked for this ${period === 'daily' ? 'daily digest' : 'weekly report'} in Trowel. Change it at ${publicLink(ctx.config, '/settings')}`,
  });
  let outcome;
  try {
    outcome = await sendOnce(ctx, job.id, person.id, { to: person.email, subject, text, html });
  } catch (error) {
    throw jobErrorOf(error);
  }
  if (outcome === 'unconfirmed') return { sent: 0, unconfirmed: 1 };
  return { sent: 1, listed: unread.rows.length, total: unread.total };
}

/** The digest jobs: the daily and weekly runs (recurring) and each person's digest email. */
export const digestJobKinds: Record<string, JobKind> = {
  'digest-daily': digestRun('daily'),
  'digest-weekly': digestRun('weekly'),
  [DIGEST_EMAIL_JOB]: {
    run: sendDigestEmail,
    retryDelaySeconds: mailRetryDelaySeconds,
    keepDays: 60,
  },
};
