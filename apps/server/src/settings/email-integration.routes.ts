import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailIntegrationAnswer,
  saveEmailIntegrationInput,
  testEmailAnswer,
  testEmailInput,
} from '@trowel/shared/settings/settings.schemas.ts';
import type { PlatformContext as AppContext } from '../platform.ts';
import { actorOf } from '../http/access.ts';
import { getEmailIntegration, saveEmailIntegration, sendTestEmail } from './email-integration.service.ts';

/** The administrator's email integration (ZeptoMail) and the test email. */
export function emailIntegrationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/settings/email/zeptomail',
      {
        config: { access: 'settings:admin' },
        schema: { tags: ['settings'], response: { 200: emailIntegrationAnswer } },
      },
      async () => ({ success: true as const, settings: await getEmailIntegration(ctx) }),
    );

    app.put(
      '/admin/settings/email/zeptomail',
      {
        config: { access: 'settings:admin' },
        schema: {
          tags: ['settings'],
          body: saveEmailIntegrationInput,
          response: { 200: emailIntegrationAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        settings: await saveEmailIntegration(ctx, actorOf(request), request.body),
      }),
    );

    app.post(
      '/notifications/test-email',
      {
        config: { access: 'settings:admin' },
        schema: { tags: ['settings'], body: testEmailInput, response: { 200: testEmailAnswer } },
      },
      async (request) => ({
        success: true as const,
        message: await sendTestEmail(ctx, actorOf(request), request.body?.testEmail),
      }),
    );
  };
}
