import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  createInventoryItemInput,
  createInventoryRequestInput,
  inventoryCategoriesAnswer,
  inventoryItemAnswer,
  inventoryListAnswer,
  inventoryRequestAnswer,
  inventoryRequestListAnswer,
  listInventoryQuery,
  listInventoryRequestsQuery,
  listMovementsQuery,
  requestableProjectsAnswer,
  stockMovementListAnswer,
  updateInventoryItemInput,
  updateInventoryRequestInput,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, sendKept } from '../../http/responses.ts';
import {
  createInventoryItem,
  deleteInventoryItem,
  getInventoryItem,
  inventoryCategories,
  inventoryListKey,
  listInventory,
  listStockMovements,
  updateInventoryItem,
} from './inventory-items.service.ts';
import {
  assertSeesInventoryRequest,
  createInventoryRequest,
  getInventoryRequest,
  inventoryRequestListKey,
  listInventoryRequests,
  requestableProjects,
  updateInventoryRequest,
} from './inventory-requests.service.ts';

const tags = ['inventory'];

/** Inventory items with their stock movements, and inventory requests walking to their release. */
export function inventoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/inventory',
      {
        config: { access: 'inventory:access' },
        schema: { tags, querystring: listInventoryQuery, response: { 200: inventoryListAnswer } },
      },
      async (request, reply) =>
        sendKept(reply, ctx.listPages, inventoryListKey(request.query), inventoryListAnswer, () =>
          listInventory(ctx, request.query),
        ),
    );

    app.get(
      '/inventory/categories',
      {
        config: { access: 'inventory:access' },
        schema: { tags, response: { 200: inventoryCategoriesAnswer } },
      },
      async () => ({ success: true as const, categories: await inventoryCategories(ctx) }),
    );

    app.post(
      '/inventory',
      {
        config: { access: 'inventory:manage' },
        schema: { tags, body: createInventoryItemInput, response: { 201: inventoryItemAnswer } },
      },
      async (request) => ({
        success: true as const,
        item: await createInventoryItem(ctx, actorOf(request), request.body),
      }),
    );

    app.get(
      '/inventory/requests',
      {
        config: { access: 'inventory:access' },
        schema: {
          tags,
          querystring: listInventoryRequestsQuery,
          response: { 200: inventoryRequestListAnswer },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        return sendKept(
          reply,
          ctx.listPages,
          inventoryRequestListKey(actor, request.query),
          inventoryRequestListAnswer,
          () => listInventoryRequests(ctx, actor, request.query),
        );
      },
    );

    app.get(
      '/inventory/requests/projects',
      {
        config: { access: 'inventory:request' },
        schema: { tags, response: { 200: requestableProjectsAnswer } },
      },
      async (request) => ({
        success: true as const,
        projects: await requestableProjects(ctx, actorOf(request)),
      }),
    );

    app.post(
      '/inventory/requests',
      {
        config: { access: 'inventory:request' },
        schema: { tags, body: createInventoryRequestInput, response: { 201: inventoryRequestAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await createInventoryRequest(ctx, actorOf(request), request.body)),
      }),
    );

    app.get(
      '/inventory/requests/:id',
      {
        config: { access: 'inventory:access' },
        schema: { tags, params: idParams, response: { 200: inventoryRequestAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await getInventoryRequest(ctx, actorOf(request), request.params.id)),
      }),
    );

    app.put(
      '/inventory/requests/:id',
      {
        config: {
          access: 'inventory:access',
          authorize: (actor, params) => assertSeesInventoryRequest(ctx, actor, params.id!),
        },
        schema: {
          tags,
          params: idParams,
          body: updateInventoryRequestInput,
          response: { 200: inventoryRequestAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await updateInventoryRequest(ctx, actorOf(request), request.params.id, request.body)),
      }),
    );

    app.get(
      '/inventory/:id',
      {
        config: { access: 'inventory:access' },
        schema: { tags, params: idParams, response: { 200: inventoryItemAnswer } },
      },
      async (request) => ({ success: true as const, item: await getInventoryItem(ctx, request.params.id) }),
    );

    app.get(
      '/inventory/:id/movements',
      {
        config: { access: 'inventory:access' },
        schema: {
          tags,
          params: idParams,
          querystring: listMovementsQuery,
          response: { 200: stockMovementListAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listStockMovements(ctx, request.params.id, request.query.page, request.query.limit)),
      }),
    );

    app.put(
      '/inventory/:id',
      {
        config: { access: 'inventory:manage' },
        schema: {
          tags,
          params: idParams,
          body: updateInventoryItemInput,
          response: { 200: inventoryItemAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        item: await updateInventoryItem(ctx, actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/inventory/:id',
      {
        config: { access: 'inventory:delete' },
        schema: { tags, params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deleteInventoryItem(ctx, request.params.id);
        return { success: true as const, message: 'Inventory item deleted' };
      },
    );
  };
}
