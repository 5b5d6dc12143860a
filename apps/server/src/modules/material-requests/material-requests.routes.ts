import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  createMaterialRequestInput,
  listMaterialRequestsQuery,
  materialRequestAnswer,
  materialRequestListAnswer,
  materialRequestProjectsAnswer,
  materialRequestProjectsQuery,
  updateMaterialRequestInput,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, sendKept } from '../../http/responses.ts';
import {
  assertMayDeleteMaterialRequest,
  assertMayUpdateMaterialRequest,
  createMaterialRequest,
  deleteMaterialRequest,
  getMaterialRequest,
  listMaterialRequests,
  materialRequestListKey,
  materialRequestProjects,
  updateMaterialRequest,
} from './material-requests.service.ts';

/** Material requests: site staff ask, the project's lead reviews, the store keeper answers. */
export function materialRequestsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/material-requests',
      {
        config: { access: 'material-requests:access' },
        schema: {
          tags: ['material-requests'],
          querystring: listMaterialRequestsQuery,
          response: { 200: materialRequestListAnswer },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        return sendKept(
          reply,
          ctx.listPages,
          materialRequestListKey(actor, request.query),
          materialRequestListAnswer,
          () => listMaterialRequests(ctx, actor, request.query),
        );
      },
    );

    app.post(
      '/material-requests',
      {
        config: { access: 'material-requests:create' },
        schema: {
          tags: ['material-requests'],
          body: createMaterialRequestInput,
          response: { 201: materialRequestAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await createMaterialRequest(ctx, actorOf(request), request.body)),
      }),
    );

    app.get(
      '/material-requests/projects',
      {
        config: { access: 'material-requests:access' },
        schema: {
          tags: ['material-requests'],
          description:
            'The projects the caller may ask materials for (purpose=request), or filter requests by (purpose=filter)',
          querystring: materialRequestProjectsQuery,
          response: { 200: materialRequestProjectsAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        projects: await materialRequestProjects(ctx, actorOf(request), request.query.purpose),
      }),
    );

    app.get(
      '/material-requests/:id',
      {
        config: { access: 'material-requests:access' },
        schema: { tags: ['material-requests'], params: idParams, response: { 200: materialRequestAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await getMaterialRequest(ctx, actorOf(request), request.params.id)),
      }),
    );

    app.put(
      '/material-requests/:id',
      {
        config: {
          access: 'material-requests:access',
          authorize: (actor, params) => assertMayUpdateMaterialRequest(ctx, actor, params.id!),
        },
        schema: {
          tags: ['material-requests'],
          params: idParams,
          body: updateMaterialRequestInput,
          response: { 200: materialRequestAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await updateMaterialRequest(ctx, actorOf(request), request.params.id, request.body)),
      }),
    );

    app.delete(
      '/material-requests/:id',
      {
        config: {
          access: 'material-requests:access',
          authorize: (actor, params) => assertMayDeleteMaterialRequest(ctx, actor, params.id!),
        },
        schema: { tags: ['material-requests'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deleteMaterialRequest(ctx, actorOf(request), request.params.id);
        return { success: true as const, message: 'Material request deleted' };
      },
    );
  };
}
