import { fileQuery } from '../attachments/attachments.routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import {
  createPhaseInput,
  createTaskInput,
  updatePhaseInput,
  updateTaskInput,
} from '@trowel/shared/projects/phase.schemas.ts';
import { phaseDto, taskDto } from '@trowel/shared/projects/project.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { ok, okMessage } from '../../http/responses.ts';
import { addPhase, addTask, deletePhase, deleteTask, updatePhase, updateTask } from './phases.service.ts';
import {
  deleteTaskAttachment,
  serveTaskAttachment,
  uploadTaskAttachments,
} from './task-attachments.service.ts';

const uuid = (name: string) => z.uuid({ error: `${name} must be a valid id` });
const phaseParams = z.object({ id: uuid('id'), phaseId: uuid('phaseId') });
const taskParams = phaseParams.extend({ taskId: uuid('taskId') });
const attachmentParams = taskParams.extend({ attId: uuid('attId') });

const TASK = '/projects/:id/phases/:phaseId/tasks/:taskId';

/** Phases, tasks and task attachments of a project. */
export function phasesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/projects/:id/phases',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['phases'],
          params: z.object({ id: uuid('id') }),
          body: createPhaseInput,
          response: { 201: ok({ phase: phaseDto }) },
        },
      },
      async (request, reply) => {
        const phase = await addPhase(ctx, actorOf(request), request.params.id, request.body);
        return reply.status(201).send({ success: true as const, phase });
      },
    );

    app.put(
      '/projects/:id/phases/:phaseId',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['phases'],
          params: phaseParams,
          body: updatePhaseInput,
          response: { 200: ok({ phase: phaseDto }) },
        },
      },
      async (request) => ({
        success: true as const,
        phase: await updatePhase(
          ctx,
          actorOf(request),
          request.params.id,
          request.params.phaseId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/projects/:id/phases/:phaseId',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['phases'], params: phaseParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deletePhase(ctx, actorOf(request), request.params.id, request.params.phaseId);
        return { success: true as const, message: 'Phase deleted successfully' };
      },
    );

    app.post(
      '/projects/:id/phases/:phaseId/tasks',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['tasks'],
          params: phaseParams,
          body: createTaskInput,
          response: { 201: ok({ task: taskDto }) },
        },
      },
      async (request, reply) => {
        const task = await addTask(
          ctx,
          actorOf(request),
          request.params.id,
          request.params.phaseId,
          request.body,
        );
        return reply.status(201).send({ success: true as const, task });
      },
    );

    app.put(
      TASK,
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['tasks'],
          params: taskParams,
          body: updateTaskInput,
          response: { 200: ok({ task: taskDto }) },
        },
      },
      async (request) => {
        const { id, phaseId, taskId } = request.params;
        return {
          success: true as const,
          task: await updateTask(ctx, actorOf(request), id, phaseId, taskId, request.body),
        };
      },
    );

    app.delete(
      TASK,
      {
        config: { access: 'authenticated' },
        schema: { tags: ['tasks'], params: taskParams, response: { 200: okMessage } },
      },
      async (request) => {
        const { id, phaseId, taskId } = request.params;
        await deleteTask(ctx, actorOf(request), id, phaseId, taskId);
        return { success: true as const, message: 'Task deleted successfully' };
      },
    );

    app.post(
      `${TASK}/attachments`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['tasks'],
          params: taskParams,
          consumes: ['multipart/form-data'],
          response: { 201: ok({ attachments: z.array(attachmentDto) }) },
        },
      },
      async (request, reply) => {
        const { id, phaseId, taskId } = request.params;
        const attachments = await uploadTaskAttachments(ctx, request, { projectId: id, phaseId, taskId });
        return reply.status(201).send({ success: true as const, attachments });
      },
    );

    for (const [suffix, disposition] of [
      ['view', 'inline'],
      ['download', 'attachment'],
    ] as const) {
      app.get(
        `${TASK}/attachments/:attId/${suffix}`,
        // Public at the door: a file token opens this one file; otherwise the service asks for a session.
        {
          config: { access: 'public' },
          schema: { tags: ['tasks'], params: attachmentParams, querystring: fileQuery },
        },
        async (request, reply) => {
          const { id, phaseId, taskId, attId } = request.params;
          return serveTaskAttachment(
            ctx,
            request,
            reply,
            { projectId: id, phaseId, taskId, attId, variant: request.query.variant },
            disposition,
          );
        },
      );
    }

    app.delete(
      `${TASK}/attachments/:attId`,
      {
        config: { access: 'authenticated' },
        schema: { tags: ['tasks'], params: attachmentParams, response: { 200: okMessage } },
      },
      async (request) => {
        const { id, phaseId, taskId, attId } = request.params;
        await deleteTaskAttachment(ctx, actorOf(request), { projectId: id, phaseId, taskId, attId });
        return { success: true as const, message: 'Attachment deleted successfully' };
      },
    );
  };
}
