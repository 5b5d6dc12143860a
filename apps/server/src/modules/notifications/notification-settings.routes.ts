import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationSettingsAnswer,
  saveNotificationSettingsInput,
} from '@trowel/shared/notifications/notification-preferences.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { notificationSettings, saveNotificationSettings } from './notification-settings.service.ts';

/** Each person's own notification flags: what is emailed to them, and their digests. */
export function notificationSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications/settings',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], response: { 200: notificationSettingsAnswer } },
      },
      async (request) => ({
        success: true as const,
        settings: await notificationSettings(ctx, actorOf(request).id),
      }),
    );

    app.put(
      '/notifications/settings',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['notifications'],
          body: saveNotificationSettingsInput,
          response: { 200: notificationSettingsAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        settings: await saveNotificationSettings(ctx, actorOf(request).id, request.body),
      }),
    );
  };
}
