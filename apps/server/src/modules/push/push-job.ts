import { PUSH_BODY_MAX, type PushPayload } from '@trowel/shared/push/push.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import type { JobRow } from '../../db/schema.ts';
import { mapLimited } from '../../lib/map-limited.ts';
import type { PushNotice } from './push-bursts.repository.ts';
import { sendPush, type PushOutcome } from './push-sender.ts';
import { vapidDetails } from './vapid-keys.ts';

interface NotificationPushPayload {
  notificationId: string;
  /** The people whose flags allowed the push when the notification was written. */
  userIds: string[];
  /** On a retry: only these devices (the others got it, or are gone). */
  subscriptionIds?: string[];
}

/** Pushes sent at once by one job: each is a request to a push service, mostly waiting. */
const SENDS_AT_ONCE = 16;

/** What a device is shown: the notice's own title and text (one line for a burst) and its link. */
export function pushPayloadOf(notice: PushNotice): PushPayload {
  const more = notice.inBurst > 1 ? ` (and ${notice.inBurst - 1} more)` : '';
  const room = PUSH_BODY_MAX - more.length;
  const text = notice.message.length > room ? `${notice.message.slice(0, room - 1)}…` : notice.message;
  return {
    title: notice.title,
    body: `${text}${more}`,
    link: notice.link?.startsWith('/') ? notice.link : '/notifications',
    tag: notice.type,
  };
}

/**
 * The Web Push of one notification to the people it reached who want it, once the collapse window
 * is over: a notice superseded by a newer one of its topic is left to that one, a read one is not
 * pushed. Every device of each person gets it; a device its push service no longer knows is removed;
 * when some sends may work later, the job keeps only those devices and is tried again.
 */
export async function sendNotificationPushes(
  ctx: ModuleContext,
  job: JobRow,
): Promise<Record<string, unknown>> {
  const payload = job.payload as NotificationPushPayload;
  // Most notices of a burst are superseded for everyone they reached: that is asked first, cheaply.
  const notices = (await ctx.pushBursts.supersededForEveryone(payload.notificationId, payload.userIds))
    ? []
    : (await ctx.pushBursts.noticeFor(payload.notificationId, payload.userIds)).filter(
        (notice) => !notice.superseded,
      );
  const noticeOf = new Map(notices.map((notice) => [notice.userId, notice]));
  const only = payload.subscriptionIds && new Set(payload.subscriptionIds);
  const devices = (await ctx.pushSubscriptions.ofUsers([...noticeOf.keys()])).filter(
    (device) => !only || only.has(device.id),
  );
  const vapid = vapidDetails(ctx.config);
  const outcomes = await mapLimited(devices, SENDS_AT_ONCE, async (device) => {
    const notice = noticeOf.get(device.userId)!;
    const outcome: PushOutcome = await sendPush(vapid, device, pushPayloadOf(notice), notice.type);
    if (outcome.kind === 'gone') await ctx.pushSubscriptions.removeGone(device.id);
    return { device, outcome };
  });
  const count = (kind: PushOutcome['kind']) => outcomes.filter(({ outcome }) => outcome.kind === kind).length;
  const retry = outcomes.filter(({ outcome }) => outcome.kind === 'failed' && outcome.retry);
  const done = {
    sent: count('sent'),
    gone: count('gone'),
    refused: count('failed') - retry.length,
    collapsed: payload.userIds.length - notices.length,
  };
  if (retry.length === 0) return done;

  await ctx.jobs.replacePayload(job.id, {
    notificationId: payload.notificationId,
    userIds: [...new Set(retry.map(({ device }) => device.userId))],
    subscriptionIds: retry.map(({ device }) => device.id),
  });
  const first = retry[0]!.outcome;
  throw new Error(
    `${retry.length} of ${outcomes.length} pushes not sent: ${first.kind === 'failed' ? first.reason : ''}`,
  );
}
