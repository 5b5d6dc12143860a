import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  listNotificationsQuery,
  notificationFeedAnswer,
  readAllAnswer,
  unreadCountAnswer,
} from '@trowel/shared/notifications/notification.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, sendKept } from '../../http/responses.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationFeed,
  notificationFeedKey,
  removeNotification,
  unreadCount,
} from './notifications.service.ts';

/** A user only ever sees and changes their own notifications and read state. */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['notifications'],
          querystring: listNotificationsQuery,
          response: { 200: notificationFeedAnswer },
        },
      },
      async (request, reply) => {
        const userId = actorOf(request).id;
        return sendKept(
          reply,
          ctx.notificationPages,
          notificationFeedKey(userId, request.query),
          notificationFeedAnswer,
          () => notificationFeed(ctx, userId, request.query),
        );
      },
    );

    app.get(
      '/notifications/unread-count',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], response: { 200: unreadCountAnswer } },
      },
      async (request) => ({
        success: true as const,
        unreadCount: await unreadCount(ctx, actorOf(request).id),
      }),
    );

    app.put(
      '/notifications/read-all',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], response: { 200: readAllAnswer } },
      },
      async (request) => {
        const updated = await markAllNotificationsRead(ctx, actorOf(request).id);
        return { success: true as const, message: 'All notifications marked as read', updated };
      },
    );

    app.put(
      '/notifications/:id/read',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await markNotificationRead(ctx, actorOf(request).id, request.params.id);
        return { success: true as const, message: 'Notification marked as read' };
      },
    );

    app.delete(
      '/notifications/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await removeNotification(ctx, actorOf(request).id, request.params.id);
        return { success: true as const, message: 'Notification deleted' };
      },
    );
  };
}
