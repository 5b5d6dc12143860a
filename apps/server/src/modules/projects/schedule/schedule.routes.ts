import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  createTaskLinkInput,
  lookAheadAnswer,
  lookAheadQuery,
  scheduleAnswer,
  taskLinkAnswer,
} from '@trowel/shared/schedule/schedule.schemas.ts';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../http/access.ts';
import { sendKept } from '../../../http/responses.ts';
import { projectRules } from '../project-access.ts';
import { exportFileName, scheduleCsv, scheduleExport, type ScheduleExport } from './schedule-export.ts';
import { renderSchedulePdf } from './schedule-pdf.ts';
import {
  addTaskLink,
  endOfLagosToday,
  lookAhead,
  removeTaskLink,
  saveBaseline,
  scheduleView,
} from './schedule.service.ts';

const uuid = (name: string) => z.uuid({ error: `${name} must be a valid id` });
const projectParams = z.object({ id: uuid('id') });
const linkParams = projectParams.extend({ linkId: uuid('linkId') });

/** The files of GET /projects/{id}/schedule/{export|pdf}, by the path's last part. */
const SCHEDULE_FILES = {
  export: { type: 'text/csv; charset=utf-8', extension: 'csv', body: scheduleCsv },
  pdf: {
    type: 'application/pdf',
    extension: 'pdf',
    body: async (exported: ScheduleExport) => Buffer.from(await renderSchedulePdf(exported)),
  },
} as const;

/** A project's schedule (dependencies, critical path, baseline) and the look-ahead across projects. */
export function scheduleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rules = projectRules(ctx);
  return async (app) => {
    app.get(
      '/projects/:id/schedule',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['schedule'], params: projectParams, response: { 200: scheduleAnswer } },
      },
      async (request, reply) => {
        // Kept whole until anything of the project changes (every schedule change drops the list pages),
        // or until the day ends: the schedule is counted from today.
        const view = await scheduleView(ctx, actorOf(request), request.params.id);
        return sendKept(
          reply,
          ctx.listPages,
          view.key,
          scheduleAnswer,
          async () => ({ schedule: await view.build() }),
          () => endOfLagosToday(),
        );
      },
    );

    // The schedule's files, for whoever reads it: the CSV (named as the other CSV exports) and the A3 print.
    for (const [path, file] of Object.entries(SCHEDULE_FILES)) {
      app.get(
        `/projects/:id/schedule/${path}`,
        { config: { access: 'authenticated' }, schema: { tags: ['schedule'], params: projectParams } },
        async (request, reply) => {
          const exported = await scheduleExport(ctx, actorOf(request), request.params.id);
          return reply
            .header('content-type', file.type)
            .header(
              'content-disposition',
              `attachment; filename="${exportFileName(exported, file.extension)}"`,
            )
            .header('cache-control', 'private, no-store')
            .send(await file.body(exported));
        },
      );
    }

    app.post(
      '/projects/:id/schedule/links',
      {
        config: { access: 'authenticated', authorize: rules.editSchedule },
        schema: {
          tags: ['schedule'],
          params: projectParams,
          body: createTaskLinkInput,
          response: { 201: taskLinkAnswer },
        },
      },
      async (request) => {
        const { link, schedule } = await addTaskLink(ctx, actorOf(request), request.params.id, request.body);
        return {
          success: true as const,
          link: {
            id: link.id,
            fromTaskId: link.fromTaskId,
            toTaskId: link.toTaskId,
            type: link.type,
            lagDays: link.lagDays,
          },
          schedule,
        };
      },
    );

    app.delete(
      '/projects/:id/schedule/links/:linkId',
      {
        config: { access: 'authenticated', authorize: rules.editSchedule },
        schema: { tags: ['schedule'], params: linkParams, response: { 200: okMessage } },
      },
      async (request) => {
        await removeTaskLink(ctx, actorOf(request), request.params.id, request.params.linkId);
        return { success: true as const, message: 'Link removed' };
      },
    );

    app.post(
      '/projects/:id/schedule/baseline',
      {
        config: { access: 'authenticated', authorize: rules.editProject },
        schema: { tags: ['schedule'], params: projectParams, response: { 200: scheduleAnswer } },
      },
      async (request) => ({
        success: true as const,
        schedule: await saveBaseline(ctx, actorOf(request), request.params.id),
      }),
    );

    app.get(
      '/schedule/look-ahead',
      {
        config: { access: 'projects:read-all' },
        schema: { tags: ['schedule'], querystring: lookAheadQuery, response: { 200: lookAheadAnswer } },
      },
      async (request) => ({
        success: true as const,
        ...(await lookAhead(ctx, actorOf(request), request.query.days)),
      }),
    );
  };
}
