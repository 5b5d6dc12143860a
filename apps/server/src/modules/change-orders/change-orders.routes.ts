import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveChangeOrderInput,
  changeOrderAnswer,
  changeOrderListAnswer,
  changeOrderStepInput,
  createChangeOrderFields,
  declineChangeOrderInput,
  listChangeOrdersQuery,
  updateChangeOrderFields,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import type { AppContext } from '../../context.ts';
import { receiveUpload, withUpload } from '../../files/upload-pipeline.ts';
import { actorOf } from '../../http/access.ts';
import { idParams } from '../../http/responses.ts';
import { changeOrderRules } from './change-order-access.ts';
import {
  createChangeOrder,
  getChangeOrder,
  listChangeOrders,
  takeChangeOrderStep,
  updateChangeOrder,
} from './change-orders.service.ts';

/** Change-order attachments: up to five files under 'files'; the fields also as JSON without files. */
const ATTACHMENTS = { field: 'files', prefix: 'change-orders', acceptJson: true } as const;
const tags = ['change-orders'];

/** Whether a JSON body names the field as null. */
const sendsNull = (body: unknown, field: string) =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  (body as Record<string, unknown>)[field] === null;

/** Change orders (variations): staff draft and send, the project's client approves or declines. */
export function changeOrdersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rules = changeOrderRules(ctx);
  return async (app) => {
    app.get(
      '/projects/:id/change-orders',
      {
        config: { access: 'authenticated', authorize: rules.projectReader },
        schema: {
          tags,
          params: idParams,
          querystring: listChangeOrdersQuery,
          response: { 200: changeOrderListAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listChangeOrders(ctx, actorOf(request), request.params.id, request.query)),
      }),
    );

    app.post(
      '/projects/:id/change-orders',
      {
        config: { access: 'change-orders:draft', authorize: rules.projectDrafter },
        schema: {
          tags,
          description:
            'JSON, or multipart/form-data with attachments in `files` and `items` (and `installment`) as JSON strings: description, reason, items [{description, quantity, unit, unitPrice}], scheduleImpactDays, internalNotes, installment {amount, dueDate}',
          params: idParams,
          response: { 201: changeOrderAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, { ...ATTACHMENTS, schema: createChangeOrderFields });
        const changeOrder = await withUpload(ctx, upload, () =>
          createChangeOrder(ctx, actorOf(request), request.params.id, upload),
        );
        return { success: true as const, changeOrder };
      },
    );

    app.get(
      '/change-orders/:id',
      {
        config: { access: 'authenticated', authorize: rules.see },
        schema: { tags, params: idParams, response: { 200: changeOrderAnswer } },
      },
      async (request) => ({
        success: true as const,
        changeOrder: await getChangeOrder(ctx, actorOf(request), request.params.id),
      }),
    );

    app.put(
      '/change-orders/:id',
      {
        config: { access: 'change-orders:draft', authorize: rules.edit },
        schema: {
          tags,
          description:
            'A draft only. JSON, or multipart/form-data with more attachments in `files`: the fields of the create; one left out keeps its value',
          params: idParams,
          response: { 200: changeOrderAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, { ...ATTACHMENTS, schema: updateChangeOrderFields });
        // A form leaves null fields out; a JSON `installment: null` removes the installment.
        if (sendsNull(request.body, 'installment')) upload.fields.installment = null;
        const changeOrder = await withUpload(ctx, upload, () =>
          updateChangeOrder(ctx, actorOf(request), request.params.id, upload),
        );
        return { success: true as const, changeOrder };
      },
    );

    for (const action of ['send', 'withdraw'] as const) {
      app.post(
        `/change-orders/:id/${action}`,
        {
          config: { access: 'change-orders:draft', authorize: rules.step(action) },
          schema: {
            tags,
            params: idParams,
            body: changeOrderStepInput,
            response: { 200: changeOrderAnswer },
          },
        },
        async (request) => ({
          success: true as const,
          changeOrder: await takeChangeOrderStep(ctx, actorOf(request), request.params.id, action, {
            remarks: request.body?.remarks,
          }),
        }),
      );
    }

    app.post(
      '/change-orders/:id/approve',
      {
        config: { access: 'change-orders:answer', authorize: rules.step('approve') },
        schema: {
          tags,
          params: idParams,
          body: approveChangeOrderInput,
          response: { 200: changeOrderAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        changeOrder: await takeChangeOrderStep(ctx, actorOf(request), request.params.id, 'approve', {
          signedName: request.body.signedName,
        }),
      }),
    );

    app.post(
      '/change-orders/:id/decline',
      {
        config: { access: 'change-orders:answer', authorize: rules.step('decline') },
        schema: {
          tags,
          params: idParams,
          body: declineChangeOrderInput,
          response: { 200: changeOrderAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        changeOrder: await takeChangeOrderStep(ctx, actorOf(request), request.params.id, 'decline', {
          reason: request.body.reason,
        }),
      }),
    );
  };
}
