import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUDGET_ACTIONS } from '@trowel/shared/budgets/budget.machine.ts';
import {
  budgetAnswer,
  budgetListAnswer,
  budgetTransitionInput,
  createBudgetFields,
  listBudgetsQuery,
  updateBudgetFields,
  type ListBudgetsQuery,
} from '@trowel/shared/budgets/budget.schemas.ts';
import { okMessage } from '@trowel/shared/http/envelope.ts';
import { projectChoicesAnswer } from '@trowel/shared/projects/project-choice.ts';
import type { AppContext } from '../../context.ts';
import { receiveUpload, withUpload } from '../../files/upload-pipeline.ts';
import { actorOf } from '../../http/access.ts';
import { idParams, sendKeptJson, serializeWithItems } from '../../http/responses.ts';
import { budgetRules } from './budget-access.ts';
import {
  addBudgetDocuments,
  budgetListKey,
  budgetProjects,
  createBudget,
  deleteBudget,
  getBudget,
  listBudgets,
  removeBudgetDocument,
  takeBudgetStep,
  updateBudget,
} from './budgets.service.ts';

/** Budget documents: up to five files under 'files'; budget fields also as JSON without files. */
const DOCUMENTS = { field: 'files', prefix: 'budgets', acceptJson: true } as const;
const tags = ['budgets'];

export function budgetsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rules = budgetRules(ctx);

  /** A page of budgets, kept whole per reader and query; its budgets' answers come as JSON text. */
  const sendList = (request: FastifyRequest, reply: FastifyReply, query: ListBudgetsQuery) => {
    const actor = actorOf(request);
    return sendKeptJson(reply, ctx.budgetPages, budgetListKey(actor, query), async () => {
      const { budgets, pagination } = await listBudgets(ctx, actor, query, request.log);
      return serializeWithItems(budgetListAnswer, 'budgets', budgets, { pagination });
    });
  };
  return async (app) => {
    app.get(
      '/budgets',
      {
        config: { access: 'budgets:read' },
        schema: { tags, querystring: listBudgetsQuery, response: { 200: budgetListAnswer } },
      },
      async (request, reply) => sendList(request, reply, request.query),
    );

    app.get(
      '/budgets/project/:id',
      {
        // The service answers 404 for a project the reader may not see.
        config: { access: 'budgets:read' },
        schema: {
          tags,
          params: idParams,
          querystring: listBudgetsQuery.omit({ projectId: true }),
          response: { 200: budgetListAnswer },
        },
      },
      async (request, reply) => sendList(request, reply, { ...request.query, projectId: request.params.id }),
    );

    app.get(
      '/budgets/projects',
      {
        config: { access: 'budgets:create' },
        schema: {
          tags,
          description: 'The projects the caller may create budgets on (those they lead, for a lead)',
          response: { 200: projectChoicesAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        projects: await budgetProjects(ctx, actorOf(request)),
      }),
    );

    app.get(
      '/budgets/:id',
      {
        config: { access: 'budgets:read', authorize: rules.see },
        schema: { tags, params: idParams, response: { 200: budgetAnswer } },
      },
      async (request) => ({
        success: true as const,
        budget: await getBudget(ctx, actorOf(request), request.params.id),
      }),
    );

    app.post(
      '/budgets',
      {
        config: { access: 'budgets:create' },
        schema: {
          tags,
          description:
            'JSON, or multipart/form-data with documents in `files` and `items` as a JSON string: projectId, items, remarks, status (only draft)',
          response: { 201: budgetAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, { ...DOCUMENTS, schema: createBudgetFields });
        const budget = await withUpload(ctx, upload, () => createBudget(ctx, actorOf(request), upload));
        return { success: true as const, budget };
      },
    );

    app.put(
      '/budgets/:id',
      {
        config: { access: 'budgets:read', authorize: rules.edit },
        schema: {
          tags,
          description:
            'JSON, or multipart/form-data with documents in `files`: items, remarks, status (resubmit)',
          params: idParams,
          response: { 200: budgetAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, { ...DOCUMENTS, schema: updateBudgetFields });
        const budget = await withUpload(ctx, upload, () =>
          updateBudget(ctx, actorOf(request), request.params.id, upload),
        );
        return { success: true as const, budget };
      },
    );

    app.delete(
      '/budgets/:id',
      {
        config: { access: 'budgets:read', authorize: rules.remove },
        schema: { tags, params: idParams, response: { 200: okMessage } },
      },
      async (request) => {
        await deleteBudget(ctx, actorOf(request), request.params.id);
        return { success: true as const, message: 'Budget deleted' };
      },
    );

    app.post(
      '/budgets/:id/attachments',
      {
        config: { access: 'budgets:read', authorize: rules.documents },
        schema: {
          tags,
          description: 'multipart/form-data: files (at most 5)',
          params: idParams,
          response: { 201: budgetAnswer },
        },
      },
      async (request) => {
        const upload = await receiveUpload(ctx, request, {
          ...DOCUMENTS,
          acceptJson: false,
          schema: z.object({}),
        });
        const budget = await withUpload(ctx, upload, () =>
          addBudgetDocuments(ctx, actorOf(request), request.params.id, upload),
        );
        return { success: true as const, budget };
      },
    );

    app.delete(
      '/budgets/:id/attachments/:attId',
      {
        config: { access: 'budgets:read', authorize: rules.documents },
        schema: {
          tags,
          params: idParams.extend({ attId: z.uuid({ error: 'attId must be a valid id' }) }),
          response: { 200: budgetAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        budget: await removeBudgetDocument(ctx, actorOf(request), request.params.id, request.params.attId),
      }),
    );

    for (const action of BUDGET_ACTIONS) {
      app.post(
        `/budgets/:id/${action}`,
        {
          config: { access: 'budgets:read', authorize: rules.step(action) },
          schema: { tags, params: idParams, body: budgetTransitionInput, response: { 200: budgetAnswer } },
        },
        async (request) => ({
          success: true as const,
          budget: await takeBudgetStep(ctx, actorOf(request), request.params.id, action, request.body ?? {}),
        }),
      );
    }
  };
}
