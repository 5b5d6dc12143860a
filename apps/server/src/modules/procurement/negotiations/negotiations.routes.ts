import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEGOTIATION_MESSAGES,
  approveFinalTermsInput,
  counterOfferInput,
  negotiateInput,
  negotiationAnswer,
  negotiationMessageAnswer,
  rejectNegotiationInput,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../http/access.ts';
import {
  answerNegotiation,
  approveFinalTerms,
  assertAddressee,
  assertMaySeeNegotiation,
  assertNegotiationExists,
  assertRfqExists,
  getNegotiation,
  sendNegotiation,
} from './negotiations.service.ts';

const rfqParams = z.object({ id: z.uuid() });
const negotiationParams = z.object({ id: z.uuid(), negotiationId: z.uuid() });
/** A body that may be left out altogether (an accept, a reject without reason). */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/** Price negotiations on an RFQ: staff offer, the vendor answers, the QS approves the final terms. */
export function negotiationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/rfqs/:id/negotiate',
      {
        config: {
          access: 'procurement:access',
          authorize: (_actor, params) => assertRfqExists(ctx, params.id!),
        },
        schema: {
          tags: ['negotiations'],
          params: rfqParams,
          body: negotiateInput,
          response: { 201: negotiationMessageAnswer },
        },
      },
      async (request) => {
        const negotiation = await sendNegotiation(ctx, actorOf(request), request.params.id, request.body);
        const message = negotiation.isCounterOffer
          ? NEGOTIATION_MESSAGES.counterSent
          : NEGOTIATION_MESSAGES.sent;
        return { success: true as const, negotiation, message };
      },
    );

    app.get(
      '/rfqs/:id/negotiations/:negotiationId',
      {
        config: {
          access: 'authenticated',
          authorize: (actor, params) =>
            assertMaySeeNegotiation(ctx, actor, params.id!, params.negotiationId!),
        },
        schema: { tags: ['negotiations'], params: negotiationParams, response: { 200: negotiationAnswer } },
      },
      async (request) => ({
        success: true as const,
        negotiation: await getNegotiation(ctx, request.params.negotiationId),
      }),
    );

    const vendorAnswer = {
      access: 'vendor:portal' as const,
      authorize: (actor: Parameters<typeof assertAddressee>[1], params: Record<string, string>) =>
        assertAddressee(ctx, actor, params.id!, params.negotiationId!),
    };

    app.post(
      '/rfqs/:id/negotiations/:negotiationId/accept',
      {
        config: vendorAnswer,
        schema: {
          tags: ['negotiations'],
          params: negotiationParams,
          response: { 200: negotiationMessageAnswer },
        },
      },
      async (request) => {
        const { id, negotiationId } = request.params;
        const negotiation = await answerNegotiation(ctx, actorOf(request), id, negotiationId, {
          action: 'accept',
        });
        return { success: true as const, negotiation, message: NEGOTIATION_MESSAGES.accepted };
      },
    );

    app.post(
      '/rfqs/:id/negotiations/:negotiationId/reject',
      {
        config: vendorAnswer,
        schema: {
          tags: ['negotiations'],
          params: negotiationParams,
          body: optionalBody(rejectNegotiationInput),
          response: { 200: negotiationMessageAnswer },
        },
      },
      async (request) => {
        const { id, negotiationId } = request.params;
        const reason = request.body.reason;
        const negotiation = await answerNegotiation(ctx, actorOf(request), id, negotiationId, {
          action: 'reject',
          reason,
        });
        return { success: true as const, negotiation, message: NEGOTIATION_MESSAGES.rejected };
      },
    );

    app.post(
      '/rfqs/:id/negotiations/:negotiationId/counter',
      {
        config: vendorAnswer,
        schema: {
          tags: ['negotiations'],
          params: negotiationParams,
          body: counterOfferInput,
          response: { 200: negotiationMessageAnswer },
        },
      },
      async (request) => {
        const { id, negotiationId } = request.params;
        const negotiation = await answerNegotiation(ctx, actorOf(request), id, negotiationId, {
          action: 'counter',
          input: request.body,
        });
        return { success: true as const, negotiation, message: NEGOTIATION_MESSAGES.counterSubmitted };
      },
    );

    app.post(
      '/rfqs/:id/negotiations/:negotiationId/approve-final-terms',
      {
        config: {
          access: 'procurement:access',
          authorize: (_actor, params) => assertNegotiationExists(ctx, params.id!, params.negotiationId!),
        },
        schema: {
          tags: ['negotiations'],
          params: negotiationParams,
          body: optionalBody(approveFinalTermsInput),
          response: { 200: okMessage },
        },
      },
      async (request) => {
        const { id, negotiationId } = request.params;
        await approveFinalTerms(ctx, actorOf(request), id, negotiationId, request.body.notes || null);
        return { success: true as const, message: NEGOTIATION_MESSAGES.finalTermsApproved };
      },
    );
  };
}
