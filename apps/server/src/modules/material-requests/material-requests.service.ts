import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import {
  materialRequestMachine,
  REVIEW_ACTION,
  STORE_ACTION,
  type MaterialRequestAction,
  type MaterialRequestStatus,
} from '@trowel/shared/material-requests/material-request.machine.ts';
import {
  MATERIAL_STATUS_PHRASES,
  materialItemsSummary,
  materialRequestNotice,
  materialToSupplyNotice,
} from '@trowel/shared/material-requests/material-request.notices.ts';
import {
  canRequestMaterials,
  checkMaterialRequestAction,
  DELIVERED_IN_FULL_MESSAGE,
  materialRequestProjectChoice,
  storeAnswerClosed,
  relationTo,
  type MaterialRequestProjectPurpose,
} from '@trowel/shared/material-requests/material-request.policy.ts';
import {
  MATERIAL_RESUBMIT_STATUS,
  type createMaterialRequestInput,
  type listMaterialRequestsQuery,
  type updateMaterialRequestInput,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import type { Repositories } from '../../context.ts';
import type { ModuleContext } from '../../platform.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { NewNotification } from '../../notices/notices.repository.ts';
import { inWorkflow, takeStep } from '../../workflow/engine.ts';
import { refusedByRelation } from '../../workflow/step.ts';

const NOUN = 'Material request';
const LINK = '/material-requests';

type LockedRequest = NonNullable<Awaited<ReturnType<Repositories['materialRequests']['lockVisible']>>>;

/** A request with its history, as the actor sees it. */
export async function getMaterialRequest(ctx: ModuleContext, actor: AuthUser, id: string) {
  // The history is read beside the request, and answered only with a request the actor may see.
  const [materialRequest, history] = await Promise.all([
    ctx.materialRequests.findVisible(actor, id),
    ctx.statusHistory.forEntity(materialRequestMachine.name, id),
  ]);
  if (!materialRequest) throw notFound(NOUN);
  return { materialRequest, history };
}

/**
 * A site engineer's request for a project they are on, or a lead's for a project they lead; the lead
 * is told. A project the actor may not see answers 404, one they do not work on 403.
 */
export async function createMaterialRequest(
  ctx: ModuleContext,
  actor: AuthUser,
  input: z.output<typeof createMaterialRequestInput>,
) {
  const project = await ctx.materialRequests.projectForRequester(actor, input.projectId);
  if (!project) throw notFound('Project');
  if (!canRequestMaterials(actor, project))
    throw forbidden('You can only request materials for projects you work on');
  const items = input.items.map((item) => ({ id: randomUUID(), name: item.name, quantity: item.quantity }));
  const id = await inWorkflow(ctx, async (tx) => {
    const created = await tx.repos.materialRequests.insert({
      projectId: project.id,
      requestedById: actor.id,
      items,
      notes: input.notes,
    });
    await tx.create({
      machine: materialRequestMachine,
      id: created,
      status: 'pending_lead_approval',
      actor,
      remarks: input.notes || null,
      notify: [
        {
          type: 'material',
          title: 'New material request',
          message: `${actor.name} asked for ${materialItemsSummary(items)} for ${project.title}`,
          link: LINK,
          projectId: project.id,
          recipientUsers: [project.projectLeadId],
        },
      ],
      // Kept list pages and the new notification feed entries are both dropped by a stores change.
      invalidates: { kind: 'stores' },
    });
    return created;
  });
  return getMaterialRequest(ctx, actor, id);
}

/**
 * The projects the actor may ask materials for, or filter requests by, from the same rule as the
 * create's check; 403 for a person offered none.
 */
export async function materialRequestProjects(
  ctx: ModuleContext,
  actor: AuthUser,
  purpose: MaterialRequestProjectPurpose,
) {
  const choice = materialRequestProjectChoice(actor, purpose);
  if (choice === 'none') throw forbidden();
  return ctx.materialRequests.projectChoices(actor, choice);
}

/** Who sees which requests, as a key: everyone's, or one person's (their own, or a lead's projects'). */
const requestScope = (actor: AuthUser) =>
  can(actor, 'material-requests:read-all') ? 'all' : `${actor.role}:${actor.id}`;

/**
 * Whole answers of the list are kept per scope and query until a stores change (any material request
 * created, changed or deleted) or a change of the projects and people the pages name.
 */
export const materialRequestListKey = (actor: AuthUser, query: z.output<typeof listMaterialRequestsQuery>) =>
  JSON.stringify(['material-requests', requestScope(actor), query]);

/** A page of the requests the actor may see (spec 2 §2). */
export async function listMaterialRequests(
  ctx: ModuleContext,
  actor: AuthUser,
  query: z.output<typeof listMaterialRequestsQuery>,
) {
  const { rows, total } = await ctx.materialRequests.list(
    actor,
    { projectId: query.projectId, status: query.status },
    { page: query.page, limit: query.limit, descending: query.sortOrder === 'desc' },
  );
  return { materialRequests: rows, pagination: paginate(query.page, query.limit, total) };
}

/**
 * Route check before the body is read: the request must be visible (404), and the actor one who may
 * ever change it — a lead, the store keeper, or its requester (403 otherwise).
 */
export async function assertMayUpdateMaterialRequest(ctx: ModuleContext, actor: AuthUser, id: string) {
  const request = await ctx.materialRequests.findVisible(actor, id);
  if (!request) throw notFound(NOUN);
  const mayEver =
    can(actor, 'material-requests:review') ||
    can(actor, 'material-requests:store-update') ||
    (can(actor, 'material-requests:create') && request.requestedById === actor.id);
  if (!mayEver) throw forbidden();
}

/** Route check before DELETE: visible (404); admin, or the requester (403 for anyone else). */
export async function assertMayDeleteMaterialRequest(ctx: ModuleContext, actor: AuthUser, id: string) {
  const request = await ctx.materialRequests.findVisible(actor, id);
  if (!request) throw notFound(NOUN);
  if (!can(actor, 'material-requests:delete-any') && request.requestedById !== actor.id) throw forbidden();
}

/**
 * PUT /material-requests/{id}: the lead's review, the store keeper's answer, or the requester's edit
 * (which sends a returned request back to the lead). Each is one transaction on the locked row; the
 * request's own projectId may come with any of them (a full body), another one is refused (400).
 */
export async function updateMaterialRequest(
  ctx: ModuleContext,
  actor: AuthUser,
  id: string,
  input: z.output<typeof updateMaterialRequestInput>,
) {
  const { status, storeStatus } = input;
  if (status !== undefined && status !== MATERIAL_RESUBMIT_STATUS) {
    const notes = input.leadReviewNotes ?? null;
    await step(ctx, actor, id, input.projectId, {
      action: REVIEW_ACTION[status],
      notes,
      changes: (_row, next) => ({ status: next, leadReviewNotes: notes }),
    });
  } else if (storeStatus !== undefined) {
    const notes = input.storeKeeperNotes ?? null;
    await step(ctx, actor, id, input.projectId, {
      action: STORE_ACTION[storeStatus],
      notes,
      changes: () => ({ storeStatus, storeKeeperNotes: notes, storeTimestamp: new Date() }),
    });
  } else {
    await editMaterialRequest(ctx, actor, id, input);
  }
  return getMaterialRequest(ctx, actor, id);
}

/** A full body names the request's own project; naming another is a change no one may make. */
function keepsProject(row: LockedRequest, projectId: string | undefined) {
  if (projectId !== undefined && projectId !== row.projectId)
    throw badRequest('projectId cannot be changed: a material request stays with its project');
}

/**
 * The requester's edit: in place while the lead has not decided; a returned request is resubmitted
 * (the edit may name `status: 'pending_lead_approval'`, which nothing else may).
 */
async function editMaterialRequest(
  ctx: ModuleContext,
  actor: AuthUser,
  id: string,
  input: z.output<typeof updateMaterialRequestInput>,
) {
  const changes = (row: LockedRequest) => ({
    items:
      input.items?.map((item) => ({ id: randomUUID(), name: item.name, quantity: item.quantity })) ??
      row.items,
    notes: input.notes ?? row.notes,
  });
  const outcome = await inWorkflow(ctx, async (tx) => {
    const row = await tx.repos.materialRequests.lockVisible(actor, id);
    if (!row) throw notFound(NOUN);
    if (!relationTo(actor, toRef(row)).isRequester || !can(actor, 'material-requests:create'))
      throw forbidden();
    if (row.status === 'needs_review_by_engineer') return 'resubmit' as const;
    if (input.status === MATERIAL_RESUBMIT_STATUS)
      throw new AppError(
        'INVALID_STATE',
        `Only a request returned for review can be resubmitted; this one is ${MATERIAL_STATUS_PHRASES[row.status]}`,
      );
    if (row.status !== 'pending_lead_approval')
      throw new AppError(
        'INVALID_STATE',
        `${NOUN} can no longer be edited: it is ${MATERIAL_STATUS_PHRASES[row.status]}`,
      );
    keepsProject(row, input.projectId);
    await tx.repos.materialRequests.update(row.id, changes(row));
    await tx.record({
      machine: materialRequestMachine,
      id: row.id,
      event: 'edit',
      status: row.status,
      actor,
      remarks: input.notes ?? null,
      invalidates: { kind: 'stores' },
    });
    return 'edited' as const;
  });
  if (outcome === 'edited') return;
  await step(ctx, actor, id, input.projectId, {
    action: 'resubmit',
    notes: input.notes ?? null,
    changes: (row, next) => ({ ...changes(row), status: next }),
  });
}

const toRef = (row: LockedRequest) => ({
  status: row.status,
  requestedById: row.requestedById,
  projectLeadId: row.projectLeadId,
  storeStatus: row.storeStatus,
});

type RequestChanges = Parameters<Repositories['materialRequests']['update']>[1];

interface Step {
  action: MaterialRequestAction;
  /** The notes the step writes: its history remarks, and what those told are shown. */
  notes: string | null;
  /** What the step writes beside the history, from the locked row and the status it leads to. */
  changes(row: LockedRequest, next: MaterialRequestStatus): RequestChanges;
}

/**
 * One step of the workflow through the shared transition: lock, check role and relation, write, and
 * tell from the row as saved (a resubmission's new quantities, not the ones it replaced).
 */
async function step(
  ctx: ModuleContext,
  actor: AuthUser,
  id: string,
  projectId: string | undefined,
  { action, notes, changes }: Step,
) {
  await takeStep(ctx, {
    machine: materialRequestMachine,
    id,
    action,
    actor,
    noun: NOUN,
    describe: (status) => MATERIAL_STATUS_PHRASES[status],
    remarks: notes,
    lock: async (repos) => {
      const row = await repos.materialRequests.lockVisible(actor, id);
      // The lead of this project reviews, the requester resubmits: a refusal by relation is a 403.
      if (row && refusedByRelation(checkMaterialRequestAction(actor, toRef(row), action))) throw forbidden();
      if (row && storeAnswerClosed(row, action))
        throw new AppError('INVALID_STATE', DELIVERED_IN_FULL_MESSAGE);
      return row;
    },
    apply: async (repos, row, next) => {
      keepsProject(row, projectId);
      const saved = await repos.materialRequests.update(row.id, changes(row, next));
      return { ...saved, projectLeadId: row.projectLeadId, projectTitle: row.projectTitle };
    },
    notify: ({ saved }) => notificationsFor(actor, saved, action, notes),
    invalidates: { kind: 'stores' },
  });
}

/** Who is told of a step, from the request as the step saved it. */
function notificationsFor(
  actor: AuthUser,
  saved: LockedRequest,
  action: MaterialRequestAction,
  notes: string | null,
): NewNotification[] {
  const base = { type: 'material' as const, link: LINK, projectId: saved.projectId };
  const told = { by: actor.name, items: saved.items, notes };
  const toRequester = {
    ...base,
    ...materialRequestNotice(action, told),
    recipientUsers: [saved.requestedById],
  };
  switch (action) {
    case 'approve':
      return [
        toRequester,
        {
          ...base,
          ...materialToSupplyNotice({ ...told, projectTitle: saved.projectTitle }),
          recipientRoles: ['store_keeper'],
        },
      ];
    case 'resubmit':
      return [{ ...base, ...materialRequestNotice(action, told), recipientUsers: [saved.projectLeadId] }];
    case 'reject':
    case 'return_to_engineer':
    case 'mark_delivered':
    case 'mark_partially_delivered':
    case 'mark_unavailable':
      return [toRequester];
    default: {
      const never: never = action;
      throw new Error(`Unknown action ${String(never)}`);
    }
  }
}

/** Deletes a request: admin any time, the requester while it awaits the lead (409 after). */
export async function deleteMaterialRequest(ctx: ModuleContext, actor: AuthUser, id: string) {
  await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx);
    const row = await repos.materialRequests.lockVisible(actor, id);
    if (!row) throw notFound(NOUN);
    if (!can(actor, 'material-requests:delete-any')) {
      if (row.requestedById !== actor.id) throw forbidden();
      if (row.status !== 'pending_lead_approval')
        throw new AppError('INVALID_STATE', `${NOUN} can no longer be deleted: the lead has answered it`);
    }
    await repos.materialRequests.delete(row.id);
  });
  await ctx.invalidate({ kind: 'stores' });
}
