import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { checkWebhookSignature, recordDeliveryReports, webhookChallenge } from './whatsapp-webhook.ts';

/**
 * Meta's delivery reports: the subscription handshake (GET, hub.challenge) and the signed reports
 * (POST, X-Hub-Signature-256 over the raw body, so this plugin keeps JSON bodies as bytes).
 */
export function whatsappWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.get(
      '/webhooks/whatsapp',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const challenge = await webhookChallenge(ctx, request.query as Record<string, string | undefined>);
        if (challenge === null) throw new AppError('FORBIDDEN', 'The verify token does not match');
        return reply.type('text/plain').send(challenge);
      },
    );

    app.post(
      '/webhooks/whatsapp',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['x-hub-signature-256'];
        const check = await checkWebhookSignature(ctx, raw, typeof header === 'string' ? header : undefined);
        if (check === 'missing') throw new AppError('UNAUTHORIZED', 'The delivery report is not signed');
        if (check === 'wrong')
          throw new AppError('FORBIDDEN', 'The delivery report signature does not match');
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('INVALID_JSON', 'The delivery report is not JSON');
        }
        return { success: true as const, recorded: await recordDeliveryReports(ctx, body) };
      },
    );
  };
}
