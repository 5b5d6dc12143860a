import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listPurchaseOrdersQuery,
  purchaseOrderAnswer,
  purchaseOrderListAnswer,
} from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../http/access.ts';
import { idParams } from '../../../http/responses.ts';
import { getPurchaseOrder, listPurchaseOrders, purchaseOrderPdf } from './purchase-orders.service.ts';

/** Purchase orders of approved RFQs: procurement staff and the vendor awarded. */
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
  };
}
