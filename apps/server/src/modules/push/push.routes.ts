import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  pushPublicKeyAnswer,
  pushSubscriptionInput,
  removePushSubscriptionInput,
} from '@trowel/shared/push/push.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { pushPublicKey, removePushSubscription, savePushSubscription } from './push.service.ts';

/** Each person's own devices that receive their notices by Web Push. */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/public-key',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], response: { 200: pushPublicKeyAnswer } },
      },
      async () => ({ success: true as const, publicKey: pushPublicKey(ctx) }),
    );

    app.post(
      '/push/subscriptions',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], body: pushSubscriptionInput, response: { 201: okMessage } },
      },
      async (request, reply) => {
        await savePushSubscription(ctx, actorOf(request), request.body);
        reply.code(201);
        return { success: true as const, message: 'Push notifications are on for this device' };
      },
    );

    app.delete(
      '/push/subscriptions',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['notifications'], body: removePushSubscriptionInput, response: { 200: okMessage } },
      },
      async (request) => {
        await removePushSubscription(ctx, actorOf(request), request.body.endpoint);
        return { success: true as const, message: 'Push notifications are off for this device' };
      },
    );
  };
}
