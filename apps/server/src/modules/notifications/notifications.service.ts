import type { z } from 'zod';
import { paginate } from '@trowel/shared/http/pagination.ts';
import type { listNotificationsQuery } from '@trowel/shared/notifications/notification.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import { notFound } from '../../http/app-error.ts';

type FeedQuery = z.infer<typeof listNotificationsQuery>;

/**
 * Pages of a person's feed are kept until any change (on every process): the bell and the
 * notifications screen ask for the same pages again and again. New notifications come with the
 * project, task or log change that caused them, which drops kept pages too; read state and removals
 * publish their own change.
 */
export const notificationFeedKey = (userId: string, { page, limit, unreadOnly }: FeedQuery) =>
  JSON.stringify(['notifications', userId, page, limit, unreadOnly === 'true']);

/** A page of the person's own notifications, with their unread count. */
export async function notificationFeed(ctx: ModuleContext, userId: string, query: FeedQuery) {
  const { page, limit, unreadOnly } = query;
  const feed = await ctx.notifications.feed(userId, page, limit, unreadOnly === 'true');
  return {
    notifications: feed.rows,
    pagination: paginate(page, limit, feed.total),
    unreadCount: feed.unread,
  };
}

export function unreadCount(ctx: ModuleContext, userId: string) {
  return ctx.notifications.unreadCount(userId);
}

/** Marks one of the person's own notifications read; anyone else's, or an unknown one, is not found. */
export async function markNotificationRead(ctx: ModuleContext, userId: string, notificationId: string) {
  if (!(await ctx.notifications.markRead(userId, notificationId))) throw notFound('Notification');
  await ctx.invalidate({ kind: 'notifications' });
}

export async function markAllNotificationsRead(ctx: ModuleContext, userId: string) {
  const updated = await ctx.notifications.markAllRead(userId);
  if (updated > 0) await ctx.invalidate({ kind: 'notifications' });
  return updated;
}

/** Removes one of the person's own notifications from their list; anyone else's is not found. */
export async function removeNotification(ctx: ModuleContext, userId: string, notificationId: string) {
  if (!(await ctx.notifications.remove(userId, notificationId))) throw notFound('Notification');
  await ctx.invalidate({ kind: 'notifications' });
}
