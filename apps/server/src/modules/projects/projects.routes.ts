import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  createProjectInput,
  dashboardStatsAnswer,
  listProjectsQuery,
  projectAnswer,
  projectCategoriesAnswer,
  projectListAnswer,
  updateProjectInput,
} from '@trowel/shared/projects/project.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, sendKept } from '../../http/responses.ts';
import { projectRules } from './project-access.ts';
import {
  createProject,
  dashboardStats,
  deleteProject,
  getProject,
  listProjects,
  projectCategories,
  projectListKey,
  updateProject,
} from './projects.service.ts';

export function projectsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rules = projectRules(ctx);
  return async (app) => {
    app.get(
      '/projects',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['projects'], querystring: listProjectsQuery, response: { 200: projectListAnswer } },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        return sendKept(reply, ctx.listPages, projectListKey(actor, request.query), projectListAnswer, () =>
          listProjects(ctx, actor, request.query),
        );
      },
    );

    app.get(
      '/projects/dashboard-stats',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['projects'], response: { 200: dashboardStatsAnswer } },
      },
      async (request) => ({ success: true as const, stats: await dashboardStats(ctx, actorOf(request)) }),
    );

    app.get(
      '/projects/categories',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['projects'], response: { 200: projectCategoriesAnswer } },
      },
      async (request) => ({
        success: true as const,
        categories: await projectCategories(ctx, actorOf(request)),
      }),
    );

    app.post(
      '/projects',
      {
        config: { access: 'projects:create' },
        schema: { tags: ['projects'], body: createProjectInput, response: { 201: projectAnswer } },
      },
      async (request) => {
        const project = await createProject(ctx, actorOf(request), request.body);
        return { success: true as const, project };
      },
    );

    app.get(
      '/projects/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['projects'], params: idParams, response: { 200: projectAnswer } },
      },
      async (request) => ({
        success: true as const,
        project: await getProject(ctx, actorOf(request), request.params.id),
      }),
    );

    app.put(
      '/projects/:id',
      {
        config: { access: 'authenticated', authorize: rules.editProject },
        schema: {
          tags: ['projects'],
          params: idParams,
          body: updateProjectInput,
          response: { 200: projectAnswer },
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
        config: { access: 'projects:delete' },
        schema: { tags: ['projects'], params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deleteProject(ctx, actorOf(request), request.params.id, request.log);
        return { success: true as const, message: 'Project deleted successfully' };
      },
    );
  };
}
