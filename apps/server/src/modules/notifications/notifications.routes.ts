import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listNotificationsQuery,
  notificationDto,
} from '@trowel/shared/notifications/notification.schemas.ts';
import { paginate, paginationDto } from '@trowel/shared/http/pagination.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { idParams, ok, okMessage } from '../../http/responses.ts';

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
          response: {
            200: ok({
              notifications: z.array(notificationDto),
              pagination: paginationDto,
              unreadCount: z.number().int(),
            }),
          },
        },
      },
      async (request) => {
        const { page, limit, unreadOnly } = request.query;
        const feed = await ctx.notifications.feed(actorOf(request).id, page, limit, unreadOnly === 'true');
        return {
          success: true as const,
          notifications: feed.rows,
          pagination: paginate(page, limit, feed.total),
          unreadCount: feed.unread,
        };
      },
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
        const updated = await ctx.notifications.markAllRead(actorOf(request).id);
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
        if (!(await ctx.notifications.markRead(actorOf(request).id, request.params.id)))
          throw notFound('Notification');
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
        if (!(await ctx.notifications.remove(actorOf(request).id, request.params.id)))
          throw notFound('Notification');
        return { success: true as const, message: 'Notification deleted' };
      },
    );
  };
}
