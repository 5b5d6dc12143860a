import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import {
  createPhaseInput,
  createTaskInput,
  phaseAnswer,
  taskAnswer,
  taskAttachmentAnswer,
  taskAttachmentFields,
  taskAttachmentVisibilityInput,
  taskAttachmentsAnswer,
  updatePhaseInput,
  updateTaskInput,
} from '@trowel/shared/projects/phase.schemas.ts';
import type { AppContext } from '../../context.ts';
import { registerFileRoutes } from '../../files/file-routes.ts';
import { receiveUpload, withUpload } from '../../files/upload-pipeline.ts';
import { actorOf } from '../../http/access.ts';
import { projectRules } from './project-access.ts';
import { addPhase, addTask, deletePhase, deleteTask, updatePhase, updateTask } from './phases.service.ts';
import {
  deleteTaskAttachment,
  findTaskFile,
  setTaskAttachmentVisibility,
  taskFilesPrefix,
  uploadTaskAttachments,
} from './task-attachments.service.ts';

const uuid = (name: string) => z.uuid({ error: `${name} must be a valid id` });
const projectParams = z.object({ id: uuid('id') });
const phaseParams = projectParams.extend({ phaseId: uuid('phaseId') });
const taskParams = phaseParams.extend({ taskId: uuid('taskId') });
const attachmentParams = taskParams.extend({ attId: uuid('attId') });

const TASK = '/projects/:id/phases/:phaseId/tasks/:taskId';

/** Phases, tasks and task attachments of a project. */
export function phasesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rules = projectRules(ctx);
  return async (app) => {
    app.post(
      '/projects/:id/phases',
      {
        config: { access: 'authenticated', authorize: rules.editProject },
        schema: {
          tags: ['phases'],
          params: projectParams,
          body: createPhaseInput,
          response: { 201: phaseAnswer },
        },
      },
      async (request) => {
        const phase = await addPhase(ctx, actorOf(request), request.params.id, request.body);
        return { success: true as const, phase };
      },
    );

    app.put(
      '/projects/:id/phases/:phaseId',
      {
        config: { access: 'authenticated', authorize: rules.editProject },
        schema: {
          tags: ['phases'],
          params: phaseParams,
          body: updatePhaseInput,
          response: { 200: phaseAnswer },
        },
      },
      async (request) => {
        const { id, phaseId } = request.params;
        return {
          success: true as const,
          phase: await updatePhase(ctx, actorOf(request), id, phaseId, request.body),
        };
      },
    );

    app.delete(
      '/projects/:id/phases/:phaseId',
      {
        config: { access: 'authenticated', authorize: rules.editProject },
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
        config: { access: 'authenticated', authorize: rules.editTasks },
        schema: {
          tags: ['tasks'],
          params: phaseParams,
          body: createTaskInput,
          response: { 201: taskAnswer },
        },
      },
      async (request) => {
        const { id, phaseId } = request.params;
        const task = await addTask(ctx, actorOf(request), id, phaseId, request.body);
        return { success: true as const, task };
      },
    );

    app.put(
      TASK,
      {
        config: { access: 'authenticated', authorize: rules.workOnTask },
        schema: { tags: ['tasks'], params: taskParams, body: updateTaskInput, response: { 200: taskAnswer } },
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
        config: { access: 'authenticated', authorize: rules.editTasks },
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
        config: { access: 'authenticated', authorize: rules.workOnTask },
        schema: {
          tags: ['tasks'],
          description:
            'multipart/form-data: attachments (at most 5), isClientVisible (the client sees them; false by default)',
          params: taskParams,
          consumes: ['multipart/form-data'],
          response: { 201: taskAttachmentsAnswer },
        },
      },
      async (request) => {
        const { id, phaseId, taskId } = request.params;
        const path = { projectId: id, phaseId, taskId };
        const upload = await receiveUpload(ctx, request, {
          field: 'attachments',
          prefix: taskFilesPrefix(path),
          schema: taskAttachmentFields,
        });
        const attachments = await withUpload(ctx, upload, () =>
          uploadTaskAttachments(ctx, actorOf(request), path, upload),
        );
        return { success: true as const, attachments };
      },
    );

    registerFileRoutes(app, ctx, {
      path: `${TASK}/attachments/:attId`,
      tags: ['tasks'],
      params: attachmentParams,
      find: ({ id, phaseId, taskId, attId }) => findTaskFile(ctx, { projectId: id, phaseId, taskId, attId }),
    });

    app.put(
      `${TASK}/attachments/:attId`,
      {
        config: { access: 'authenticated', authorize: rules.workOnTask },
        schema: {
          tags: ['tasks'],
          description: "Shows the file to the project's client, or hides it",
          params: attachmentParams,
          body: taskAttachmentVisibilityInput,
          response: { 200: taskAttachmentAnswer },
        },
      },
      async (request) => {
        const { id, phaseId, taskId, attId } = request.params;
        const attachment = await setTaskAttachmentVisibility(
          ctx,
          actorOf(request),
          { projectId: id, phaseId, taskId, attId },
          request.body.isClientVisible,
        );
        return { success: true as const, attachment };
      },
    );

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
