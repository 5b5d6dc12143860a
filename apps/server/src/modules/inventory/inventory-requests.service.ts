import type { z } from 'zod';
import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import {
  inventoryActionFor,
  inventoryRequestMachine,
  type InventoryRequestAction,
} from '@trowel/shared/inventory/inventory-request.machine.ts';
import {
  INVENTORY_STATUS_PHRASES,
  inventoryStepNotices,
  type InventoryNoticeAudience,
} from '@trowel/shared/inventory/inventory-request.notices.ts';
import {
  canRequestStock,
  checkInventoryRequestAction,
  inventoryRequestProjectChoice,
  notesFieldFor,
} from '@trowel/shared/inventory/inventory-request.policy.ts';
import {
  DOUBLE_SUBMIT_WINDOW_SECONDS,
  INVENTORY_MESSAGES,
  type createInventoryRequestInput,
  type listInventoryRequestsQuery,
  type updateInventoryRequestInput,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import type { Repositories } from '../../context.ts';
import { pageByDirectory } from '../../db/created-directory.ts';
import type { ModuleContext } from '../../platform.ts';
import type { InventoryRequestRow } from '../../db/schema.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { NewNotification } from '../../notices/notices.repository.ts';
import { inWorkflow, takeStep } from '../../workflow/engine.ts';
import { refusedByRelation } from '../../workflow/step.ts';
import { noticeLowStock } from './inventory-items.service.ts';

const NOUN = 'Inventory request';
const LINK = '/inventory?tab=requests';

type UpdateInput = z.output<typeof updateInventoryRequestInput>;

/** A request with its history, as the actor sees it. */
export async function getInventoryRequest(
  ctx: ModuleContext<'storesAggregates'>,
  actor: AuthUser,
  id: string,
) {
  // The history is read beside the request, and answered only with a request the actor may see.
  const [request, history] = await Promise.all([
    ctx.inventoryRequests.findVisibleRequest(actor, id),
    ctx.statusHistory.forEntity(inventoryRequestMachine.name, id),
  ]);
  if (!request) throw notFound(NOUN);
  return { request, history };
}

/** Who sees which requests, as a key: everyone's, or one person's (their own, and a lead's projects'). */
const requestScope = (actor: AuthUser) =>
  can(actor, 'inventory:read-all-requests') ? 'all' : `${actor.role}:${actor.id}`;

/**
 * A page of the requests the actor may see (spec 2 §2): within the first hundred rows from the list's
 * start with the kept count, deeper from the nearest key of the list's kept directory (both dropped when
 * stores change; see created-directory.ts).
 */
export async function listInventoryRequests(
  ctx: ModuleContext<'storesAggregates' | 'storesDirectories'>,
  actor: AuthUser,
  query: z.output<typeof listInventoryRequestsQuery>,
) {
  const filter = { status: query.status, search: query.search };
  const descending = query.sortOrder === 'desc';
  const key = [requestScope(actor), filter.status, filter.search];
  const { rows: requests, total } = await pageByDirectory(
    (query.page - 1) * query.limit,
    {
      count: () =>
        ctx.storesAggregates.get(JSON.stringify(['requests', ...key]), () =>
          ctx.inventoryRequests.countRequests(actor, filter),
        ) as Promise<number>,
      directory: () =>
        ctx.storesDirectories.get(JSON.stringify(['requests', ...key, descending]), () =>
          ctx.inventoryRequests.requestsDirectory(actor, filter, descending),
        ),
    },
    (start) => ctx.inventoryRequests.requestsPage(actor, filter, { start, limit: query.limit, descending }),
  );
  return { requests, pagination: paginate(query.page, query.limit, total) };
}

/** Whole answers of the requests log are kept per scope and query. */
export const inventoryRequestListKey = (
  actor: AuthUser,
  query: z.output<typeof listInventoryRequestsQuery>,
) => JSON.stringify(['inventory-requests', requestScope(actor), query]);

/** The projects the actor may request stock for, by the same rule as the create's check. */
export function requestableProjects(ctx: ModuleContext<'storesAggregates'>, actor: AuthUser) {
  return ctx.inventoryRequests.projectChoices(actor, inventoryRequestProjectChoice(actor));
}

/**
 * A request for stock: for a project the actor may request for (404 unseen, 403 not theirs), of an
 * item that exists (404). The same request again from the same person within a few seconds is the
 * first one (a double submission), found under a per-person lock so two at once make one.
 */
export async function createInventoryRequest(
  ctx: ModuleContext<'storesAggregates'>,
  actor: AuthUser,
  input: z.output<typeof createInventoryRequestInput>,
) {
  const project = await ctx.inventoryRequests.projectForRequest(actor, input.projectId);
  if (!project) throw notFound('Project');
  if (!canRequestStock(actor, project))
    throw forbidden('You can only request items for projects you are a team member of');
  const item = await ctx.inventory.findItem(input.inventoryItemId);
  if (!item) throw new AppError('NOT_FOUND', INVENTORY_MESSAGES.itemNotFound);
  const id = await inWorkflow(ctx, async (tx) => {
    await tx.repos.inventoryRequests.lockRequester(actor.id);
    const same = await tx.repos.inventoryRequests.recentSameRequest({
      requestedById: actor.id,
      inventoryItemId: item.id,
      projectId: project.id,
      quantityRequested: input.quantityRequested,
      notes: input.notes,
      withinSeconds: DOUBLE_SUBMIT_WINDOW_SECONDS,
    });
    if (same) return same;
    const requestId = await tx.repos.inventoryRequests.insertRequest({
      inventoryItemId: item.id,
      itemName: item.name,
      unit: item.unit,
      projectId: project.id,
      requestedById: actor.id,
      quantityRequested: input.quantityRequested,
      notes: input.notes,
    });
    await tx.create({
      machine: inventoryRequestMachine,
      id: requestId,
      status: 'pending_store_keeper_approval',
      actor,
      remarks: input.notes || null,
      notify: [
        {
          type: 'material',
          title: 'New inventory request',
          message: `${actor.name} requested ${input.quantityRequested} ${item.unit} of ${item.name} for ${project.title}`,
          link: LINK,
          projectId: project.id,
          recipientRoles: ['store_keeper'],
        },
      ],
      invalidates: { kind: 'stores' },
    });
    return requestId;
  });
  return getInventoryRequest(ctx, actor, id);
}

/** Route check before the body is read: the request must be one the actor sees (404). */
export async function assertSeesInventoryRequest(
  ctx: ModuleContext<'storesAggregates'>,
  actor: AuthUser,
  id: string,
) {
  if (!(await ctx.inventoryRequests.findVisibleRequest(actor, id))) throw notFound(NOUN);
}

/**
 * One step of the chain, named by the status it asks for: the role and relation are checked (403),
 * then the state (409), on the locked row. Releasing issues the stock in the same transaction.
 */
export async function updateInventoryRequest(
  ctx: ModuleContext<'storesAggregates'>,
  actor: AuthUser,
  id: string,
  input: UpdateInput,
) {
  const action = inventoryActionFor(input.status, actor.role);
  if (
    input.quantityApproved !== undefined &&
    action !== 'store_approve' &&
    action !== 'store_partially_approve'
  )
    throw badRequest('quantityApproved is set only when the store keeper approves');
  await takeStep(ctx, {
    machine: inventoryRequestMachine,
    id,
    action,
    actor,
    noun: NOUN,
    describe: (status) => INVENTORY_STATUS_PHRASES[status],
    remarks: input.notes ?? null,
    lock: async (repos) => {
      const row = await repos.inventoryRequests.lockVisibleRequest(actor, id);
      if (row && refusedByRelation(checkInventoryRequestAction(actor, row, action))) throw forbidden();
      return row;
    },
    apply: async (repos, row, next) => {
      const changes: Partial<InventoryRequestRow> = { status: next, ...approvedQuantity(action, row, input) };
      if (input.notes !== undefined) changes[notesFieldFor(actor.role, action)] = input.notes;
      if (action === 'release') await issueStock(repos, actor, row);
      return repos.inventoryRequests.updateRequest(row.id, changes);
    },
    notify: ({ saved }) => notificationsFor(actor, saved, action, input.notes ?? null),
    invalidates: { kind: 'stores' },
  });
  return getInventoryRequest(ctx, actor, id);
}

/** The approved quantity a step sets: all at approval, part at a partial approval (0 < part < asked). */
function approvedQuantity(action: InventoryRequestAction, row: InventoryRequestRow, input: UpdateInput) {
  switch (action) {
    case 'store_approve':
      if (input.quantityApproved !== undefined && input.quantityApproved !== row.quantityRequested)
        throw badRequest('An approval approves the quantity requested; use a partial approval for less');
      return { quantityApproved: row.quantityRequested };
    case 'store_partially_approve': {
      const part = input.quantityApproved;
      if (part === undefined || part <= 0 || part >= row.quantityRequested)
        throw badRequest(
          `A partial approval needs quantityApproved above 0 and below the ${row.quantityRequested} requested`,
        );
      return { quantityApproved: part };
    }
    case 'admin_approve':
      return { quantityApproved: row.quantityApproved ?? row.quantityRequested };
    case 'resubmit':
      return { quantityApproved: null };
    default:
      return {};
  }
}

/**
 * Issues the approved quantity from the item's locked row: never below zero (409 naming what is on
 * hand), written as a stock movement; crossing below the threshold tells the store.
 */
async function issueStock(repos: Repositories, actor: AuthUser, request: InventoryRequestRow) {
  const quantity = request.quantityApproved ?? request.quantityRequested;
  const item = request.inventoryItemId ? await repos.inventory.lockItem(request.inventoryItemId) : null;
  if (!item) throw new AppError('CONFLICT', `${request.itemName} is no longer in the inventory`);
  if (item.quantity < quantity)
    throw new AppError(
      'CONFLICT',
      `Only ${item.quantity} ${item.unit} of ${item.name} on hand; ${quantity} cannot be released`,
    );
  const after = await repos.inventory.updateItem(item.id, { quantity: item.quantity - quantity });
  await repos.inventory.insertMovement({
    itemId: item.id,
    kind: 'issue',
    quantity: -quantity,
    quantityAfter: after.quantity,
    requestId: request.id,
    projectId: request.projectId,
    actorId: actor.id,
    unitCostKobo: item.unitCostKobo,
  });
  await noticeLowStock(repos, item, after);
}

/** Who the notices of a step reach: the requester, the store keepers, or those who approve at the admin step. */
const AUDIENCE = {
  requester: (row) => ({ recipientUsers: [row.requestedById] }),
  store: () => ({ recipientRoles: ['store_keeper'] }),
  admins: () => ({ recipientRoles: ['admin', 'project_manager'] }),
} satisfies Record<
  InventoryNoticeAudience,
  (row: InventoryRequestRow) => Pick<NewNotification, 'recipientUsers' | 'recipientRoles'>
>;

/** Who is told of a step, from the request as the step saved it (the quantity approved or released). */
function notificationsFor(
  actor: AuthUser,
  saved: InventoryRequestRow,
  action: InventoryRequestAction,
  notes: string | null,
): NewNotification[] {
  return inventoryStepNotices(action, { by: actor.name, request: saved, notes }).map(({ to, ...notice }) => ({
    type: 'material' as const,
    link: LINK,
    projectId: saved.projectId,
    ...notice,
    ...AUDIENCE[to](saved),
  }));
}
