import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listNotificationsQuery } from '@trowel/shared/notifications/notification.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, ok, okMessage, sendSerialized } from '../../http/responses.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationFeedAnswer,
  notificationFeedAnswerSchema,
  removeNotification,
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
          response: { 200: notificationFeedAnswerSchema },
        },
      },
      async (request, reply) =>
        sendSerialized(reply, await notificationFeedAnswer(ctx, actorOf(request).id, request.query)),
    );

    app.get(
      '/notifications/unread-count',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], response: { 200: ok({ unreadCount: z.number().int() }) } },
      },
      async (request) => ({
        success: true as const,
        unreadCount: await ctx.notifications.unreadCount(actorOf(request).id),
      }),
    );

    app.put(
      '/notifications/read-all',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['notifications'],
          response: { 200: ok({ message: z.string(), updated: z.number().int() }) },
        },
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
