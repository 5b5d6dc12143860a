import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInvoiceFields,
  createPaymentInput,
  invoiceAnswer,
  invoiceDecisionInput,
  invoiceListAnswer,
  listInvoicesQuery,
  paymentAnswer,
} from '@trowel/shared/invoices/invoice.schemas.ts';
import type { AppContext } from '../../../context.ts';
import { receiveUpload, withUpload } from '../../../files/upload-pipeline.ts';
import { actorOf } from '../../../http/access.ts';
import { idParams } from '../../../http/responses.ts';
import { decideInvoice, getInvoice, listInvoices, recordInvoice, recordPayment } from './invoices.service.ts';

const tags = ['invoices'];
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/** Vendors' invoices against purchase orders, their three-way match, decisions and payments. */
export function invoicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/purchase-orders/:id/invoices',
      {
        config: { access: 'invoices:manage' },
        schema: {
          tags,
          description:
            'JSON, or multipart/form-data with items as JSON text and the invoice file in files: invoiceNumber, invoiceDate, items [{itemId, quantity, unitPrice}], vatAmount',
          params: idParams,
          response: { 201: invoiceAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, {
          field: 'files',
          prefix: 'invoices',
          schema: createInvoiceFields,
          acceptJson: true,
        });
        const invoice = await withUpload(ctx, upload, () =>
          recordInvoice(ctx, actorOf(request), request.params.id, upload),
        );
        return { success: true as const, invoice };
      },
    );

    app.get(
      '/invoices',
      {
        config: { access: 'invoices:read' },
        schema: { tags, querystring: listInvoicesQuery, response: { 200: invoiceListAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await listInvoices(ctx, actorOf(request), request.query)),
      }),
    );

    app.get(
      '/invoices/:id',
      {
        config: { access: 'invoices:read' },
        schema: { tags, params: idParams, response: { 200: invoiceAnswer } },
      },
      async (request) => ({
        success: true as const,
        invoice: await getInvoice(ctx, actorOf(request), request.params.id),
      }),
    );

    for (const action of ['approve', 'reject'] as const) {
      app.post(
        `/invoices/:id/${action}`,
        {
          config: { access: 'invoices:manage' },
          schema: {
            tags,
            params: idParams,
            body: optionalBody(invoiceDecisionInput),
            response: { 200: invoiceAnswer },
          },
        },
        async (request) => ({
          success: true as const,
          invoice: await decideInvoice(
            ctx,
            actorOf(request),
            request.params.id,
            action,
            request.body.remarks,
          ),
        }),
      );
    }

    app.post(
      '/invoices/:id/payments',
      {
        config: { access: 'invoices:manage' },
        schema: { tags, params: idParams, body: createPaymentInput, response: { 201: paymentAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await recordPayment(ctx, actorOf(request), request.params.id, request.body)),
      }),
    );
  };
}
