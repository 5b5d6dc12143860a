import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import {
  materialRequestMachine,
  REVIEW_ACTION,
  STORE_ACTION,
  MATERIAL_STORE_STATUS_LABELS,
  type MaterialRequestAction,
  type MaterialRequestStatus,
  type MaterialStoreStatus,
} from '@trowel/shared/material-requests/material-request.machine.ts';
import {
  checkMaterialRequestAction,
  relationTo,
} from '@trowel/shared/material-requests/material-request.policy.ts';
import type {
  createMaterialRequestInput,
  listMaterialRequestsQuery,
  updateMaterialRequestInput,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import type { AppContext, Repositories } from '../../context.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { NewNotification } from '../notifications/notifications.repository.ts';
import { refusedByRelation, runTransition } from '../../workflow/transition.ts';

const WORKFLOW = 'material_request';
const NOUN = 'Material request';
const LINK = '/material-requests';

type LockedRequest = NonNullable<Awaited<ReturnType<Repositories['materialRequests']['lockVisible']>>>;

const itemsSummary = (items: ReadonlyArray<{ name: string; quantity: number }>) =>
  items
    .slice(0, 3)
    .map((item) => `${item.quantity} ${item.name}`)
    .join(', ') + (items.length > 3 ? ` and ${items.length - 3} more` : '');

/** A request with its history, as the actor sees it. */
export async function getMaterialRequest(ctx: AppContext, actor: AuthUser, id: string) {
  const materialRequest = await ctx.materialRequests.findVisible(actor, id);
  if (!materialRequest) throw notFound(NOUN);
  return { materialRequest, history: await ctx.statusHistory.forEntity(WORKFLOW, id) };
}

/**
 * A site engineer's request for a project they are on, or a lead's for a project they lead; the lead
 * is told. A project the actor may not see answers 404, one they do not work on 403.
 */
export async function createMaterialRequest(
  ctx: AppContext,
  actor: AuthUser,
  input: z.output<typeof createMaterialRequestInput>,
) {
  const project = await ctx.materialRequests.projectForRequester(actor, input.projectId);
  if (!project) throw notFound('Project');
  const mayAsk = can(actor, 'projects:lead') ? project.projectLeadId === actor.id : project.isMember;
  if (!mayAsk) throw forbidden('You can only request materials for projects you work on');
  const items = input.items.map((item) => ({ id: randomUUID(), name: item.name, quantity: item.quantity }));
  const id = await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx);
    const created = await scoped.materialRequests.insert({
      projectId: project.id,
      requestedById: actor.id,
      items,
      notes: input.notes,
    });
    await scoped.statusHistory.record({
      workflow: WORKFLOW,
      entityId: created,
      action: 'create',
      fromStatus: null,
      toStatus: 'pending_lead_approval',
      actorId: actor.id,
      remarks: input.notes || null,
    });
    await scoped.notifications.create({
      type: 'material',
      title: 'New material request',
      message: `${actor.name} asked for ${itemsSummary(items)} for ${project.title}`,
      link: LINK,
      projectId: project.id,
      recipientUsers: [project.projectLeadId],
      excludeUserId: actor.id,
    });
    return created;
  });
  // Kept list pages and the new notification feed entries are both dropped by a stores change.
  await ctx.invalidate({ kind: 'stores' });
  ctx.wakeWorker();
  return getMaterialRequest(ctx, actor, id);
}

/** The projects the actor may ask materials for: a lead those they lead, a team member those they are on. */
export function materialRequestProjects(ctx: AppContext, actor: AuthUser) {
  return ctx.materialRequests.requestableProjects(actor, can(actor, 'projects:lead'));
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
  ctx: AppContext,
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
export async function assertMayUpdateMaterialRequest(ctx: AppContext, actor: AuthUser, id: string) {
  const request = await ctx.materialRequests.findVisible(actor, id);
  if (!request) throw notFound(NOUN);
  const mayEver =
    can(actor, 'material-requests:review') ||
    can(actor, 'material-requests:store-update') ||
    (can(actor, 'material-requests:create') && request.requestedById === actor.id);
  if (!mayEver) throw forbidden();
}

/** Route check before DELETE: visible (404); admin, or the requester (403 for anyone else). */
export async function assertMayDeleteMaterialRequest(ctx: AppContext, actor: AuthUser, id: string) {
  const request = await ctx.materialRequests.findVisible(actor, id);
  if (!request) throw notFound(NOUN);
  if (!can(actor, 'material-requests:delete-any') && request.requestedById !== actor.id) throw forbidden();
}

/**
 * PUT /material-requests/{id}: the lead's review, the store keeper's answer, or the requester's edit
 * (which sends a returned request back to the lead). Each is one transaction on the locked row.
 */
export async function updateMaterialRequest(
  ctx: AppContext,
  actor: AuthUser,
  id: string,
  input: z.output<typeof updateMaterialRequestInput>,
) {
  if (input.status !== undefined) {
    const notes = input.leadReviewNotes ?? null;
    await step(ctx, actor, id, REVIEW_ACTION[input.status], notes, (repos, row, next) =>
      repos.materialRequests.update(row.id, { status: next, leadReviewNotes: notes }),
    );
  } else if (input.storeStatus !== undefined) {
    const storeStatus = input.storeStatus;
    const notes = input.storeKeeperNotes ?? null;
    await step(ctx, actor, id, STORE_ACTION[storeStatus], notes, (repos, row) =>
      repos.materialRequests.update(row.id, {
        storeStatus,
        storeKeeperNotes: notes,
        storeTimestamp: new Date(),
      }),
    );
  } else {
    await editMaterialRequest(ctx, actor, id, input);
  }
  await ctx.invalidate({ kind: 'stores' });
  return getMaterialRequest(ctx, actor, id);
}

/** The requester's edit: in place while the lead has not decided; a returned request is resubmitted. */
async function editMaterialRequest(
  ctx: AppContext,
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
  const outcome = await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx);
    const row = await repos.materialRequests.lockVisible(actor, id);
    if (!row) throw notFound(NOUN);
    if (!relationTo(actor, toRef(row)).isRequester || !can(actor, 'material-requests:create'))
      throw forbidden();
    if (row.status === 'needs_review_by_engineer') return 'resubmit' as const;
    if (row.status !== 'pending_lead_approval')
      throw new AppError('INVALID_STATE', `${NOUN} cannot be edited while ${row.status}`);
    await repos.materialRequests.update(row.id, changes(row));
    await repos.statusHistory.record({
      workflow: WORKFLOW,
      entityId: row.id,
      action: 'edit',
      fromStatus: row.status,
      toStatus: row.status,
      actorId: actor.id,
      remarks: input.notes ?? null,
    });
    return 'edited' as const;
  });
  if (outcome === 'edited') return;
  await step(ctx, actor, id, 'resubmit', input.notes ?? null, (repos, row, next) =>
    repos.materialRequests.update(row.id, { ...changes(row), status: next }),
  );
}

const toRef = (row: LockedRequest) => ({
  status: row.status,
  requestedById: row.requestedById,
  projectLeadId: row.projectLeadId,
});

/** One step of the workflow through the shared transition: lock, check role and relation, write, tell. */
async function step(
  ctx: AppContext,
  actor: AuthUser,
  id: string,
  action: MaterialRequestAction,
  remarks: string | null,
  apply: (repos: Repositories, row: LockedRequest, next: MaterialRequestStatus) => Promise<void>,
) {
  await runTransition(ctx, actor, {
    machine: materialRequestMachine,
    workflow: WORKFLOW,
    entityId: id,
    action,
    options: undefined,
    noun: NOUN,
    remarks,
    lock: async (repos) => {
      const row = await repos.materialRequests.lockVisible(actor, id);
      // The lead of this project reviews, the requester resubmits: a refusal by relation is a 403.
      if (row && refusedByRelation(checkMaterialRequestAction(actor, toRef(row), action))) throw forbidden();
      return row;
    },
    apply,
    notifications: (row) => notificationsFor(actor, row, action),
  });
  ctx.wakeWorker();
}

function notificationsFor(
  actor: AuthUser,
  row: LockedRequest,
  action: MaterialRequestAction,
): NewNotification[] {
  const base = { type: 'material' as const, link: LINK, projectId: row.projectId };
  const what = itemsSummary(row.items);
  switch (action) {
    case 'approve':
      return [
        {
          ...base,
          title: 'Material request approved',
          message: `${actor.name} approved the request for ${what}`,
          recipientUsers: [row.requestedById],
        },
        {
          ...base,
          title: 'Material request to supply',
          message: `${actor.name} approved a request for ${what}`,
          recipientRoles: ['store_keeper'],
        },
      ];
    case 'reject':
      return [
        {
          ...base,
          title: 'Material request rejected',
          message: `${actor.name} rejected the request for ${what}`,
          recipientUsers: [row.requestedById],
        },
      ];
    case 'return_to_engineer':
      return [
        {
          ...base,
          title: 'Material request returned for review',
          message: `${actor.name} returned the request for ${what} for your review`,
          recipientUsers: [row.requestedById],
        },
      ];
    case 'resubmit':
      return [
        {
          ...base,
          title: 'Material request resubmitted',
          message: `${actor.name} resubmitted a request for ${what}`,
          recipientUsers: [row.projectLeadId],
        },
      ];
    case 'mark_delivered':
    case 'mark_partially_delivered':
    case 'mark_unavailable': {
      const label = MATERIAL_STORE_STATUS_LABELS[STORE_STATUS_OF[action]];
      return [
        {
          ...base,
          title: `Materials: ${label}`,
          message: `${actor.name} marked the request for ${what} as ${label.toLowerCase()}`,
          recipientUsers: [row.requestedById],
        },
      ];
    }
    default: {
      const never: never = action;
      throw new Error(`Unknown action ${String(never)}`);
    }
  }
}

const STORE_STATUS_OF = Object.fromEntries(
  Object.entries(STORE_ACTION).map(([status, action]) => [action, status]),
) as { [A in (typeof STORE_ACTION)[MaterialStoreStatus]]: MaterialStoreStatus };

/** Deletes a request: admin any time, the requester while it awaits the lead (409 after). */
export async function deleteMaterialRequest(ctx: AppContext, actor: AuthUser, id: string) {
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
