import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '@trowel/shared/auth/policy.ts';
import {
  createProjectInput,
  dashboardStatsDto,
  listProjectsQuery,
  projectDto,
  updateProjectInput,
} from '@trowel/shared/projects/project.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, ok, okMessage, sendSerialized } from '../../http/responses.ts';
import {
  createProject,
  dashboardStats,
  deleteProject,
  getProject,
  projectListAnswer,
  projectListAnswerSchema,
  updateProject,
} from './projects.service.ts';

export function projectsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['projects'],
          querystring: listProjectsQuery,
          response: { 200: projectListAnswerSchema },
        },
      },
      async (request, reply) =>
        sendSerialized(reply, await projectListAnswer(ctx, actorOf(request), request.query)),
    );

    app.get(
      '/projects/dashboard-stats',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['projects'], response: { 200: ok({ stats: dashboardStatsDto }) } },
      },
      async (request) => ({ success: true as const, stats: await dashboardStats(ctx, actorOf(request)) }),
    );

    app.get(
      '/projects/categories',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['projects'], response: { 200: ok({ categories: z.array(z.string()) }) } },
      },
      async (request) => ({
        success: true as const,
        categories: await ctx.projects.categories(actorOf(request)),
      }),
    );

    app.post(
      '/projects',
      {
        config: { access: rolesFor('projects:create') },
        schema: {
          tags: ['projects'],
          body: createProjectInput,
          response: { 201: ok({ project: projectDto }) },
        },
      },
      async (request, reply) => {
        const project = await createProject(ctx, actorOf(request), request.body);
        return reply.status(201).send({ success: true as const, project });
      },
    );

    app.get(
      '/projects/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['projects'], params: idParams, response: { 200: ok({ project: projectDto }) } },
      },
      async (request) => ({
        success: true as const,
        project: await getProject(ctx, actorOf(request), request.params.id),
      }),
    );

    app.put(
      '/projects/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['projects'],
          params: idParams,
          body: updateProjectInput,
          response: { 200: ok({ project: projectDto }) },
        },
      },
      async (request) => ({
        success: true as const,
        project: await updateProject(ctx, actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/projects/:id',
      {
        config: { access: rolesFor('projects:delete') },
        schema: { tags: ['projects'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deleteProject(ctx, actorOf(request), request.params.id, request.log);
        return { success: true as const, message: 'Project deleted successfully' };
      },
    );
  };
}
