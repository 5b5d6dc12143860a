import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '@trowel/shared/auth/policy.ts';
import {
  activityItemDto,
  createUserInput,
  listUsersQuery,
  updateUserInput,
  userDto,
  userStatsDto,
} from '@trowel/shared/users/user.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, ok, okList } from '../../http/responses.ts';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  updateUser,
  userActivity,
  userStats,
  type UserListKind,
} from './users.service.ts';
import { uploadAvatar } from './avatar.service.ts';

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
          config: { access: rolesFor('users:read') },
          schema: {
            tags: ['users'],
            querystring: listUsersQuery,
            response: { 200: okList('users', userDto) },
          },
        },
        async (request) => ({ success: true as const, ...(await listUsers(ctx, kind, request.query)) }),
      );
    }

    app.post(
      '/users',
      {
        config: { access: rolesFor('users:manage') },
        schema: { tags: ['users'], body: createUserInput, response: { 201: ok({ user: userDto }) } },
      },
      async (request, reply) => {
        const user = await createUser(ctx, actorOf(request), request.body, request.log);
        return reply.status(201).send({ success: true as const, user });
      },
    );

    app.get(
      '/users/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['users'], params: idParams, response: { 200: ok({ user: userDto }) } },
      },
      async (request) => ({
        success: true as const,
        user: await getUser(ctx, actorOf(request), request.params.id),
      }),
    );

    app.put(
      '/users/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['users'],
          params: idParams,
          body: updateUserInput,
          response: { 200: ok({ user: userDto }) },
        },
      },
      async (request) => ({
        success: true as const,
        user: await updateUser(ctx, actorOf(request), request.params.id, request.body, request.log),
      }),
    );

    app.delete(
      '/users/:id',
      {
        config: { access: rolesFor('users:manage') },
        schema: {
          tags: ['users'],
          params: idParams,
          response: { 200: ok({ message: z.string(), deactivated: z.boolean() }) },
        },
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
        schema: { tags: ['users'], params: idParams, response: { 200: ok({ stats: userStatsDto }) } },
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
        schema: {
          tags: ['users'],
          params: idParams,
          response: { 200: ok({ activities: z.array(activityItemDto) }) },
        },
      },
      async (request) => ({
        success: true as const,
        activities: await userActivity(ctx, actorOf(request), request.params.id),
      }),
    );

    app.post(
      '/users/:id/avatar',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['users'],
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 202: ok({ processingId: z.string(), status: z.literal('processing') }) },
        },
      },
      async (request, reply) => {
        const processingId = await uploadAvatar(ctx, actorOf(request), request.params.id, request);
        return reply
          .status(202)
          .send({ success: true as const, processingId, status: 'processing' as const });
      },
    );
  };
}
