import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserInput,
  listUsersQuery,
  processingStartedAnswer,
  updateUserInput,
  userActivityAnswer,
  userAnswer,
  userDeletedAnswer,
  userListAnswer,
  userStatsAnswer,
} from '@trowel/shared/users/user.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, sendKept } from '../../http/responses.ts';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  updateUser,
  assertMayEditUser,
  userListKey,
  type UserListKind,
} from './users.service.ts';
import { userActivity, userStats } from './user-stats.service.ts';
import { receiveImage } from '../../files/receive-image.ts';
import { AVATAR_UPLOAD, assertMayChangeAvatar, uploadAvatar } from './avatar.service.ts';

const LISTS: Array<[string, UserListKind]> = [
  ['/users', 'all'],
  ['/users/staff', 'staff'],
  ['/users/clients', 'clients'],
];

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [path, kind] of LISTS) {
      app.get(
        path,
        {
          config: { access: 'users:read' },
          schema: {
            tags: ['users'],
            querystring: listUsersQuery,
            response: { 200: userListAnswer },
          },
        },
        async (request, reply) =>
          sendKept(
            reply,
            ctx.userPages,
            userListKey(actorOf(request), kind, request.query),
            userListAnswer,
            () => listUsers(ctx, actorOf(request), kind, request.query),
          ),
      );
    }

    app.post(
      '/users',
      {
        config: { access: 'users:manage' },
        schema: { tags: ['users'], body: createUserInput, response: { 201: userAnswer } },
      },
      async (request) => {
        const user = await createUser(ctx, actorOf(request), request.body, request.log);
        return { success: true as const, user };
      },
    );

    app.get(
      '/users/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['users'], params: idParams, response: { 200: userAnswer } },
      },
      async (request) => ({
        success: true as const,
        user: await getUser(ctx, actorOf(request), request.params.id),
      }),
    );

    app.put(
      '/users/:id',
      {
        config: {
          access: 'authenticated',
          authorize: (actor, params) => assertMayEditUser(ctx, actor, params.id!),
        },
        schema: { tags: ['users'], params: idParams, body: updateUserInput, response: { 200: userAnswer } },
      },
      async (request) => ({
        success: true as const,
        user: await updateUser(ctx, actorOf(request), request.params.id, request.body, request.log),
      }),
    );

    app.delete(
      '/users/:id',
      {
        config: { access: 'users:manage' },
        schema: { tags: ['users'], params: idParams, response: { 200: userDeletedAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await deleteUser(ctx, actorOf(request), request.params.id, request.log)),
      }),
    );

    app.get(
      '/users/:id/stats',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['users'], params: idParams, response: { 200: userStatsAnswer } },
      },
      async (request) => ({
        success: true as const,
        stats: await userStats(ctx, actorOf(request), request.params.id),
      }),
    );

    app.get(
      '/users/:id/activity',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['users'], params: idParams, response: { 200: userActivityAnswer } },
      },
      async (request) => ({
        success: true as const,
        activities: await userActivity(ctx, actorOf(request), request.params.id),
      }),
    );

    app.post(
      '/users/:id/avatar',
      {
        config: {
          access: 'authenticated',
          authorize: (actor, params) => assertMayChangeAvatar(ctx, actor, params.id!),
        },
        schema: {
          tags: ['users'],
          description: 'multipart/form-data: avatar (an image under 5 MB)',
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 202: processingStartedAnswer },
        },
      },
      async (request, reply) => {
        const key = await receiveImage(ctx, request, AVATAR_UPLOAD);
        const processingId = await uploadAvatar(ctx, actorOf(request), request.params.id, key);
        return reply
          .status(202)
          .send({ success: true as const, processingId, status: 'processing' as const });
      },
    );
  };
}
