import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDeliveryFields,
  deliveryAnswer,
  deliveryListAnswer,
  listDeliveriesQuery,
} from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import {
  cancelPurchaseOrderInput,
  listPurchaseOrdersQuery,
  purchaseOrderAnswer,
  purchaseOrderListAnswer,
} from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { AppContext } from '../../../context.ts';
import { receiveUpload, withUpload } from '../../../files/upload-pipeline.ts';
import { actorOf } from '../../../http/access.ts';
import { idParams } from '../../../http/responses.ts';
import { listDeliveries, recordDelivery } from './deliveries.service.ts';
import {
  cancelPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  purchaseOrderPdf,
} from './purchase-orders.service.ts';

const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/**
 * Purchase orders of approved RFQs: procurement staff, the accountant, the stores, the lead of the
 * order's project and the vendor awarded; deliveries against them, and their cancellation.
 */
export function purchaseOrdersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/purchase-orders',
      {
        config: { access: 'purchase-orders:read' },
        schema: {
          tags: ['purchase-orders'],
          querystring: listPurchaseOrdersQuery,
          response: { 200: purchaseOrderListAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listPurchaseOrders(ctx, actorOf(request), request.query)),
      }),
    );

    app.get(
      '/purchase-orders/:id',
      {
        config: { access: 'purchase-orders:read' },
        schema: { tags: ['purchase-orders'], params: idParams, response: { 200: purchaseOrderAnswer } },
      },
      async (request) => ({
        success: true as const,
        purchaseOrder: await getPurchaseOrder(ctx, actorOf(request), request.params.id),
      }),
    );

    app.get(
      '/purchase-orders/:id/pdf',
      {
        config: { access: 'purchase-orders:read' },
        schema: { tags: ['purchase-orders'], params: idParams },
      },
      async (request, reply) => {
        const { fileName, bytes } = await purchaseOrderPdf(ctx, actorOf(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(bytes));
      },
    );

    app.get(
      '/purchase-orders/:id/deliveries',
      {
        config: { access: 'purchase-orders:read' },
        schema: {
          tags: ['purchase-orders'],
          params: idParams,
          querystring: listDeliveriesQuery,
          response: { 200: deliveryListAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listDeliveries(ctx, actorOf(request), request.params.id, request.query)),
      }),
    );

    app.post(
      '/purchase-orders/:id/deliveries',
      {
        config: { access: 'deliveries:record' },
        schema: {
          tags: ['purchase-orders'],
          description:
            'JSON, or multipart/form-data with items as JSON text and photos of the delivery note in files: items [{itemId, quantityReceived, quantityRejected, rejectionReason, inventoryItemId}], waybillNumber, deliveredOn',
          params: idParams,
          response: { 201: deliveryAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, {
          field: 'files',
          prefix: 'deliveries',
          schema: createDeliveryFields,
          acceptJson: true,
        });
        const delivery = await withUpload(ctx, upload, () =>
          recordDelivery(ctx, actorOf(request), request.params.id, upload),
        );
        return { success: true as const, delivery };
      },
    );

    app.post(
      '/purchase-orders/:id/cancel',
      {
        config: { access: 'purchase-orders:cancel' },
        schema: {
          tags: ['purchase-orders'],
          params: idParams,
          body: optionalBody(cancelPurchaseOrderInput),
          response: { 200: purchaseOrderAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        purchaseOrder: await cancelPurchaseOrder(
          ctx,
          actorOf(request),
          request.params.id,
          request.body.remarks,
        ),
      }),
    );
  };
}
