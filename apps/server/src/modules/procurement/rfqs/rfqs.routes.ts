import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bidsClosed } from '@trowel/shared/procurement/sealed-bids.ts';
import {
  anyRfqAnswer,
  comparisonAnswer,
  comparisonQuery,
  createRfqFields,
  listRfqsQuery,
  myRfqsQuery,
  rfqCreatedAnswer,
  rfqListAnswer,
  rfqStatsAnswer,
  rfqStatusInput,
  updateRfqInput,
  vendorResponseAnswer,
  vendorResponseFields,
  vendorRfqAnswer,
  vendorRfqListAnswer,
  rfqAnswer,
} from '@trowel/shared/procurement/rfq.schemas.ts';
import type { AppContext } from '../../../context.ts';
import { registerFileRoutes } from '../../../files/file-routes.ts';
import { receiveUpload, withUpload } from '../../../files/upload-pipeline.ts';
import { actorOf } from '../../../http/access.ts';
import { idParams, sendKept } from '../../../http/responses.ts';
import { compareQuotes, comparisonCsv } from '../comparison/comparison.service.ts';
import { changeRfqStatus } from './rfq-status.service.ts';
import { confirmBidOpening } from './sealed-bid-opening.service.ts';
import {
  comparisonKey,
  createRfq,
  getRfq,
  myRfqsKey,
  rfqListKey,
  listMyRfqs,
  listRfqs,
  procurementFile,
  rfqStats,
  rfqTarget,
  updateRfq,
} from './rfqs.service.ts';
import { quoteTarget, submitQuote } from '../quotes/vendor-quotes.service.ts';
import { ownVendor } from '../vendors/vendors.service.ts';

/** RFQ and quote files: at most five per upload, under 'attachments' (JSON accepted without files). */
const RFQ_UPLOAD = { field: 'attachments', acceptJson: true } as const;

/** Requests for quotation, vendors' quotes, the comparison and the files of both. */
export function rfqsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/rfqs',
      {
        config: { access: 'procurement:access' },
        schema: { tags: ['rfqs'], querystring: listRfqsQuery, response: { 200: rfqListAnswer } },
      },
      async (request, reply) =>
        sendKept(reply, ctx.procurementPages, rfqListKey(request.query), rfqListAnswer, () =>
          listRfqs(ctx, request.query),
        ),
    );

    app.post(
      '/rfqs',
      {
        config: { access: 'procurement:access' },
        schema: {
          tags: ['rfqs'],
          description:
            'multipart/form-data: title, description, projectId (or null), dueDate, items and vendorIds as JSON text, attachments (at most 5)',
          response: { 201: rfqCreatedAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, {
          ...RFQ_UPLOAD,
          prefix: 'rfqs',
          schema: createRfqFields,
        });
        const rfq = await withUpload(ctx, upload, () => createRfq(ctx, actorOf(request), upload));
        return { success: true as const, rfq, message: 'RFQ created successfully' };
      },
    );

    app.get(
      '/rfqs/stats',
      {
        config: { access: 'procurement:access' },
        schema: { tags: ['rfqs'], response: { 200: rfqStatsAnswer } },
      },
      async () => ({ success: true as const, stats: await rfqStats(ctx) }),
    );

    app.get(
      '/rfqs/vendor/my-rfqs',
      {
        config: { access: 'vendor:portal' },
        schema: { tags: ['rfqs'], querystring: myRfqsQuery, response: { 200: vendorRfqListAnswer } },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        let closesAt: Date | null = null;
        return sendKept(
          reply,
          ctx.procurementPages,
          myRfqsKey(actor, request.query),
          vendorRfqListAnswer,
          async () => {
            const listed = await listMyRfqs(ctx, await ownVendor(ctx, actor), request.query);
            closesAt = listed.closesAt;
            return listed.answer;
          },
          // A sealed RFQ's bids closing changes the list by time alone.
          () => closesAt,
        );
      },
    );

    registerFileRoutes(app, ctx, {
      path: '/rfqs/attachments/:id',
      tags: ['rfqs'],
      params: idParams,
      find: ({ id }) => procurementFile(ctx, id),
    });

    app.get(
      '/rfqs/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['rfqs'], params: idParams, response: { 200: anyRfqAnswer } },
      },
      async (request, reply) => {
        // Written by the schema of the view asked for: the union's serializer would first test which
        // of its schemas the answer matches.
        const asked = getRfq(ctx, actorOf(request), request.params.id);
        return asked.viewer === 'staff'
          ? sendKept(reply, ctx.procurementPages, asked.key, rfqAnswer, asked.build)
          : sendKept(reply, ctx.procurementPages, asked.key, vendorRfqAnswer, asked.build, ({ rfq }) =>
              // Bids close by time alone: the vendor's view (canQuote) changes then.
              rfq.sealed && rfq.bidDeadline && !bidsClosed(rfq.bidDeadline)
                ? new Date(rfq.bidDeadline)
                : null,
            );
      },
    );

    app.put(
      '/rfqs/:id',
      {
        config: {
          access: 'procurement:access',
          authorize: (actor, params) => rfqTarget(ctx, actor, params.id!),
        },
        schema: { tags: ['rfqs'], params: idParams, body: updateRfqInput, response: { 200: rfqAnswer } },
      },
      async (request) => ({
        success: true as const,
        rfq: await updateRfq(ctx, actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/rfqs/:id/open',
      {
        config: {
          access: 'procurement:access',
          authorize: (actor, params) => rfqTarget(ctx, actor, params.id!),
        },
        schema: { tags: ['rfqs'], params: idParams, response: { 200: rfqAnswer } },
      },
      async (request) => ({
        success: true as const,
        rfq: await confirmBidOpening(ctx, actorOf(request), request.params.id),
      }),
    );

    app.put(
      '/rfqs/:id/status',
      {
        config: {
          access: 'procurement:access',
          authorize: (actor, params) => rfqTarget(ctx, actor, params.id!),
        },
        schema: { tags: ['rfqs'], params: idParams, body: rfqStatusInput, response: { 200: rfqAnswer } },
      },
      async (request) => ({
        success: true as const,
        rfq: await changeRfqStatus(ctx, actorOf(request), request.params.id, {
          status: request.body.status,
          notes: request.body.notes ?? null,
          vendorId: request.body.vendorId ?? null,
        }),
      }),
    );

    app.post(
      '/rfqs/:id/responses',
      {
        config: {
          access: 'vendor:portal',
          authorize: (actor, params) => quoteTarget(ctx, actor, params.id!),
        },
        schema: {
          tags: ['rfqs'],
          description:
            'multipart/form-data (or JSON without files): items as JSON text [{itemId, unitPrice, notes}], notes, attachments (at most 5); totals are computed by the server',
          params: idParams,
          response: { 201: vendorResponseAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, {
          ...RFQ_UPLOAD,
          prefix: 'quotes',
          schema: vendorResponseFields,
        });
        const response = await withUpload(ctx, upload, () =>
          submitQuote(ctx, actorOf(request), request.params.id, upload),
        );
        return {
          success: true as const,
          response,
          message: 'Your quotation has been submitted successfully.',
        };
      },
    );

    app.get(
      '/rfqs/:id/comparison',
      {
        config: { access: 'procurement:access' },
        schema: {
          tags: ['rfqs'],
          params: idParams,
          querystring: comparisonQuery,
          response: { 200: comparisonAnswer },
        },
      },
      // Staff see every RFQ, so a kept comparison is answered without reading the RFQ again.
      async (request, reply) =>
        sendKept(
          reply,
          ctx.procurementPages,
          comparisonKey(request.params.id, request.query),
          comparisonAnswer,
          async () => {
            const { rfq } = await rfqTarget(ctx, actorOf(request), request.params.id);
            return { comparison: await compareQuotes(ctx, rfq, request.query) };
          },
        ),
    );

    app.get(
      '/rfqs/:id/comparison/export',
      {
        config: { access: 'procurement:access' },
        schema: { tags: ['rfqs'], params: idParams, querystring: comparisonQuery },
      },
      async (request, reply) => {
        const { rfq } = await rfqTarget(ctx, actorOf(request), request.params.id);
        const csv = comparisonCsv(await compareQuotes(ctx, rfq, request.query));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="rfq-${rfq.number}-comparison.csv"`)
          .send(csv);
      },
    );
  };
}
