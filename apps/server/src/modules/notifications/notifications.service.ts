import { z } from 'zod';
import { paginate, paginationDto } from '@trowel/shared/http/pagination.ts';
import {
  notificationDto,
  type listNotificationsQuery,
} from '@trowel/shared/notifications/notification.schemas.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { ok, serializeAnswer } from '../../http/responses.ts';

export const notificationFeedAnswerSchema = ok({
  notifications: z.array(notificationDto),
  pagination: paginationDto,
  unreadCount: z.number().int(),
});

/**
 * A page of a person's feed, serialized, kept until any change (on every process): the bell and the
 * notifications screen ask for the same pages again and again. New notifications come with the
 * project, task or log change that caused them, which drops kept pages too; read state and removals
 * publish their own change.
 */
export function notificationFeedAnswer(
  ctx: AppContext,
  userId: string,
  query: z.infer<typeof listNotificationsQuery>,
) {
  const { page, limit, unreadOnly } = query;
  const key = JSON.stringify(['notifications', userId, page, limit, unreadOnly === 'true']);
  return ctx.notificationPages.get(key, async () => {
    const feed = await ctx.notifications.feed(userId, page, limit, unreadOnly === 'true');
    return serializeAnswer(notificationFeedAnswerSchema, {
      success: true,
      notifications: feed.rows,
      pagination: paginate(page, limit, feed.total),
      unreadCount: feed.unread,
    });
  });
}

export async function markNotificationRead(ctx: AppContext, userId: string, notificationId: string) {
  if (!(await ctx.notifications.markRead(userId, notificationId))) throw notFound('Notification');
  await ctx.invalidate({ kind: 'notifications' });
}

export async function markAllNotificationsRead(ctx: AppContext, userId: string) {
  const updated = await ctx.notifications.markAllRead(userId);
  if (updated > 0) await ctx.invalidate({ kind: 'notifications' });
  return updated;
}

export async function removeNotification(ctx: AppContext, userId: string, notificationId: string) {
  if (!(await ctx.notifications.remove(userId, notificationId))) throw notFound('Notification');
  await ctx.invalidate({ kind: 'notifications' });
}
