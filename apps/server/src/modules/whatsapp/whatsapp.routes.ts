import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  saveWhatsAppIntegrationInput,
  whatsappIntegrationAnswer,
} from '@trowel/shared/settings/whatsapp-integration.schemas.ts';
import {
  requestWhatsAppCodeInput,
  rfqWhatsAppInvitationsAnswer,
  saveWhatsAppCategoriesInput,
  verifyWhatsAppCodeInput,
  whatsappContactAnswer,
} from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams } from '../../http/responses.ts';
import {
  getWhatsAppContact,
  removeWhatsAppContact,
  requestWhatsAppCode,
  saveWhatsAppCategories,
  verifyWhatsAppCode,
} from './whatsapp-contact.service.ts';
import { getWhatsAppIntegration, saveWhatsAppIntegration } from './whatsapp-integration.service.ts';
import { rfqWhatsAppInvitations } from './rfq-invitation-status.ts';

/** The WhatsApp integration (administrator), a person's own number and choices, and RFQ invitation reports. */
export function whatsappRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: 'settings:admin' as const };
    app.get(
      '/admin/settings/whatsapp',
      { config: admin, schema: { tags: ['settings'], response: { 200: whatsappIntegrationAnswer } } },
      async () => ({ success: true as const, settings: await getWhatsAppIntegration(ctx) }),
    );
    app.put(
      '/admin/settings/whatsapp',
      {
        config: admin,
        schema: {
          tags: ['settings'],
          body: saveWhatsAppIntegrationInput,
          response: { 200: whatsappIntegrationAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        settings: await saveWhatsAppIntegration(ctx, actorOf(request), request.body),
      }),
    );

    const own = { access: 'authenticated' as const };
    const answer = { 200: whatsappContactAnswer };
    app.get(
      '/notifications/whatsapp',
      { config: own, schema: { tags: ['notifications'], response: answer } },
      async (request) => ({
        success: true as const,
        whatsapp: await getWhatsAppContact(ctx, actorOf(request).id),
      }),
    );
    app.put(
      '/notifications/whatsapp',
      {
        config: own,
        schema: { tags: ['notifications'], body: saveWhatsAppCategoriesInput, response: answer },
      },
      async (request) => ({
        success: true as const,
        whatsapp: await saveWhatsAppCategories(ctx, actorOf(request).id, request.body),
      }),
    );
    app.delete(
      '/notifications/whatsapp',
      { config: own, schema: { tags: ['notifications'], response: answer } },
      async (request) => ({
        success: true as const,
        whatsapp: await removeWhatsAppContact(ctx, actorOf(request).id),
      }),
    );
    app.post(
      '/notifications/whatsapp/code',
      { config: own, schema: { tags: ['notifications'], body: requestWhatsAppCodeInput, response: answer } },
      async (request) => ({
        success: true as const,
        whatsapp: await requestWhatsAppCode(ctx, actorOf(request).id, request.body.phone),
      }),
    );
    app.post(
      '/notifications/whatsapp/verify',
      { config: own, schema: { tags: ['notifications'], body: verifyWhatsAppCodeInput, response: answer } },
      async (request) => ({
        success: true as const,
        whatsapp: await verifyWhatsAppCode(ctx, actorOf(request).id, request.body.code),
      }),
    );

    app.get(
      '/rfqs/:id/whatsapp',
      {
        config: { access: 'procurement:access' },
        schema: { tags: ['rfqs'], params: idParams, response: { 200: rfqWhatsAppInvitationsAnswer } },
      },
      async (request) => ({
        success: true as const,
        invitations: await rfqWhatsAppInvitations(ctx, request.params.id),
      }),
    );
  };
}
