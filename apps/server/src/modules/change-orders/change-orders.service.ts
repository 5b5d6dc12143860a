import { randomUUID } from 'node:crypto';
import { paginate } from '@trowel/shared/http/pagination.ts';
import {
  CHANGE_ORDER_STATUS_LABELS,
  changeOrderMachine,
  type ChangeOrderAction,
  type ChangeOrderStatus,
} from '@trowel/shared/change-orders/change-order.machine.ts';
import {
  canDraftChangeOrders,
  seesChangeOrdersAsStaff,
} from '@trowel/shared/change-orders/change-order.policy.ts';
import {
  CHANGE_ORDER_MESSAGES,
  changeOrderNumber,
  type ChangeOrderLineInput,
  type CreateChangeOrderFields,
  type ListChangeOrdersQuery,
  type UpdateChangeOrderFields,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import { changeOrderNotice } from '@trowel/shared/change-orders/change-order.notices.ts';
import { AMOUNT_LIMIT_TEXT, exceedsMaxAmount, fromKobo, sumKobo, toKobo } from '@trowel/shared/money/kobo.ts';
import { lineTotalKobo } from '@trowel/shared/money/line-total.ts';
import type { Repositories } from '../../context.ts';
import type { ModuleContext } from '../../platform.ts';
import type { ChangeOrderLine } from '../../db/schema.ts';
import { saveUploadedFiles, type Upload } from '../../files/upload-pipeline.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { NewNotification } from '../../notices/notices.repository.ts';
import { takeStep } from '../../workflow/engine.ts';
import { draftableProject, readableProject, seenChangeOrder } from './change-order-access.ts';
import { toChangeOrderDto } from './change-order-dto.ts';
import type { ChangeOrderEdit, ChangeOrderWithProject } from './change-orders.repository.ts';

const NOUN = 'Change order';
/** An approval changes the project's value: project answers, lists and dashboards are dropped. */
const VALUE_CHANGED = { kind: 'projects' } as const;

const projectLink = (projectId: string) => `/projects/${projectId}?tab=change-orders`;

/** The lines as stored: each total quantity × unit price half up in kobo (the one money module). */
function linesOf(items: readonly ChangeOrderLineInput[]): ChangeOrderLine[] {
  return items.map((item) => ({
    id: randomUUID(),
    description: item.description,
    quantity: item.quantity,
    unit: item.unit,
    unitPriceKobo: toKobo(item.unitPrice),
    totalKobo: lineTotalKobo(item.quantity, item.unitPrice),
  }));
}

/** The installment's columns; refused (400) when it asks more than the change order's total. */
function installmentOf(
  installment: { amount: number; dueDate: string } | null,
  totalKobo: number,
): Pick<ChangeOrderEdit, 'installmentAmountKobo' | 'installmentDueDate'> {
  if (!installment) return { installmentAmountKobo: null, installmentDueDate: null };
  const amountKobo = toKobo(installment.amount);
  if (amountKobo > totalKobo) throw badRequest(CHANGE_ORDER_MESSAGES.installmentAboveTotal);
  return { installmentAmountKobo: amountKobo, installmentDueDate: installment.dueDate };
}

/** A change order as answered to this actor, read again with its files and history. */
async function answerOf(ctx: ModuleContext, actor: AuthUser, id: string) {
  const row = seenChangeOrder(actor, await ctx.changeOrders.find(id));
  if (!row) throw notFound(NOUN);
  return (await dtosOf(ctx, actor, [row]))[0]!;
}

async function dtosOf(ctx: ModuleContext, actor: AuthUser, rows: readonly ChangeOrderWithProject[]) {
  const ids = rows.map((row) => row.id);
  const [files, histories] = await Promise.all([
    ctx.changeOrders.files(ids),
    ctx.statusHistory.forEntities(changeOrderMachine.name, ids),
  ]);
  return rows.map((row) =>
    toChangeOrderDto(
      row,
      { files: files.get(row.id) ?? [], history: histories.get(row.id) ?? [] },
      actor,
      ctx.config.appSecret!,
    ),
  );
}

/** GET /projects/{id}/change-orders: newest first; a client only what was sent to them. */
export async function listChangeOrders(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  query: ListChangeOrdersQuery,
) {
  const project = await readableProject(ctx, actor, projectId);
  const { rows, total } = await ctx.changeOrders.listForProject(projectId, {
    sentOnly: !seesChangeOrdersAsStaff(actor, project),
    status: query.status,
    page: query.page,
    limit: query.limit,
  });
  return {
    changeOrders: await dtosOf(ctx, actor, rows),
    pagination: paginate(query.page, query.limit, total),
    ...(canDraftChangeOrders(actor, project)
      ? { contractValueRecorded: await ctx.financials.isRecorded(projectId) }
      : {}),
  };
}

/** GET /change-orders/{id}. */
export function getChangeOrder(ctx: ModuleContext, actor: AuthUser, id: string) {
  return answerOf(ctx, actor, id);
}

/**
 * POST /projects/{id}/change-orders: a draft numbered after the project's last (under the project's
 * lock), its files and its first history row in one transaction.
 */
export async function createChangeOrder(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
  upload: Upload<CreateChangeOrderFields>,
) {
  const fields = upload.fields;
  const items = linesOf(fields.items);
  const totalKobo = sumKobo(items.map((line) => line.totalKobo));
  const installment = installmentOf(fields.installment, totalKobo);
  const { result: id } = await saveUploadedFiles(ctx, actor, upload, async (repos, tx) => {
    await draftableProject(repos, actor, projectId);
    await repos.projects.lock(projectId);
    const order = await repos.changeOrders.insert({
      projectId,
      description: fields.description,
      reason: fields.reason,
      items,
      totalKobo,
      scheduleImpactDays: fields.scheduleImpactDays,
      internalNotes: fields.internalNotes,
      ...installment,
      createdBy: actor.id,
    });
    await tx.create({
      machine: changeOrderMachine,
      id: order.id,
      status: order.status,
      actor,
      remarks: changeOrderNumber(order.sequence),
    });
    return {
      owner: { kind: 'change_order', projectId, changeOrderId: order.id },
      result: order.id,
    };
  });
  return answerOf(ctx, actor, id);
}

/** The refusal of a change to a change order that is no longer a draft. */
const notDraft = () => new AppError('INVALID_STATE', CHANGE_ORDER_MESSAGES.notDraft);

/**
 * PUT /change-orders/{id} (drafts only, 409 otherwise): the fields sent replace theirs, totals are
 * recomputed, files sent are added; one history row for the edit (and one for the files).
 */
export async function updateChangeOrder(
  ctx: ModuleContext,
  actor: AuthUser,
  id: string,
  upload: Upload<UpdateChangeOrderFields>,
) {
  const fields = upload.fields;
  await saveUploadedFiles(ctx, actor, upload, async (repos, tx) => {
    const row = seenChangeOrder(actor, await repos.changeOrders.lock(id));
    if (!row) throw notFound(NOUN);
    if (!canDraftChangeOrders(actor, row))
      throw forbidden("You don't have permission to edit this change order");
    if (row.status !== 'draft') throw notDraft();
    const items = fields.items ? linesOf(fields.items) : row.items;
    const totalKobo = sumKobo(items.map((line) => line.totalKobo));
    const installment =
      fields.installment === undefined
        ? row.installmentAmountKobo !== null && row.installmentDueDate !== null
          ? { amount: fromKobo(row.installmentAmountKobo), dueDate: row.installmentDueDate }
          : null
        : fields.installment;
    await repos.changeOrders.update(id, {
      description: fields.description,
      reason: fields.reason,
      items,
      totalKobo,
      scheduleImpactDays: fields.scheduleImpactDays,
      internalNotes: fields.internalNotes,
      ...installmentOf(installment, totalKobo),
    });
    await tx.record({ machine: changeOrderMachine, id, event: 'edit', status: row.status, actor });
    if (upload.files.length > 0) {
      await tx.record({
        machine: changeOrderMachine,
        id,
        event: 'add-documents',
        status: row.status,
        actor,
        remarks: upload.files.map((file) => file.originalName).join(', '),
      });
    }
    return { owner: { kind: 'change_order', projectId: row.projectId, changeOrderId: id }, result: id };
  });
  return answerOf(ctx, actor, id);
}

/** The body of a step: the staff's remarks, the client's signed name or reason. */
export interface ChangeOrderStepBody {
  remarks?: string;
  signedName?: string;
  reason?: string;
}

/** Who is told of a step (the shared notice): the client, or the change order's author, the lead and the money people. */
function toldOf(saved: ChangeOrderWithProject, next: ChangeOrderStatus): NewNotification[] {
  const notice = changeOrderNotice(next, {
    number: changeOrderNumber(saved.sequence),
    projectTitle: saved.projectTitle,
    total: fromKobo(saved.totalKobo),
    description: saved.description,
    signedName: saved.signedName,
    declineReason: saved.declineReason,
    wasSent: saved.sentAt !== null,
  });
  if (!notice) return [];
  const common = {
    type: 'project' as const,
    projectId: saved.projectId,
    link: projectLink(saved.projectId),
    title: notice.title,
    message: notice.message,
  };
  if (notice.told === 'client')
    return saved.clientId ? [{ ...common, recipientUsers: [saved.clientId] }] : [];
  return [
    {
      ...common,
      recipientUsers: [saved.createdBy, saved.projectLeadId],
      recipientRoles: ['project_manager', 'accountant'],
    },
  ];
}

/** What each step writes beside the status. */
function stepFields(actor: AuthUser, action: ChangeOrderAction, body: ChangeOrderStepBody) {
  const now = new Date();
  switch (action) {
    case 'send':
      return { sentAt: now };
    case 'approve':
      return { answeredBy: actor.id, answeredAt: now, signedName: body.signedName ?? null };
    case 'decline':
      return { answeredBy: actor.id, answeredAt: now, declineReason: body.reason ?? null };
    case 'withdraw':
      return {};
    default: {
      const never: never = action;
      throw new Error(`Unknown change order action ${String(never)}`);
    }
  }
}

const CHANGE_ORDER_VALUE_TOO_LARGE = `Approving this change order would take the project's value to ₦${AMOUNT_LIMIT_TEXT} or more`;

/** What an approval adds to the project's financials: its value (by its status) and its installment. */
async function addToFinancials(repos: Repositories, actor: AuthUser, row: ChangeOrderWithProject) {
  // The same lock as a save of the financials, so an installment is never lost to one.
  await repos.projects.lock(row.projectId);
  await repos.financials.ensureRecorded(row.projectId, actor.id);
  // The approval is counted already: a value past the largest amount is refused, and nothing is written.
  const recorded = await repos.financials.find(row.projectId);
  if (recorded && exceedsMaxAmount(recorded.financials.totalValueKobo + recorded.variationsKobo)) {
    throw new AppError('CONFLICT', CHANGE_ORDER_VALUE_TOO_LARGE);
  }
  if (row.installmentAmountKobo !== null && row.installmentDueDate !== null) {
    await repos.financials.appendInstallment(row.projectId, {
      amountKobo: row.installmentAmountKobo,
      dueDate: row.installmentDueDate,
    });
  }
}

/**
 * POST /change-orders/{id}/{send|approve|decline|withdraw}, through the workflow engine: 404 unseen,
 * 403 role, 409 when no longer in the state the step starts from (the second of two answers).
 */
export async function takeChangeOrderStep(
  ctx: ModuleContext,
  actor: AuthUser,
  id: string,
  action: ChangeOrderAction,
  body: ChangeOrderStepBody,
) {
  const remarks =
    action === 'approve'
      ? `Signed: ${body.signedName}`
      : action === 'decline'
        ? (body.reason ?? null)
        : body.remarks || null;
  await takeStep(ctx, {
    machine: changeOrderMachine,
    id,
    action,
    actor,
    noun: NOUN,
    remarks,
    refusal: (status) =>
      `This change order is ${CHANGE_ORDER_STATUS_LABELS[status].toLowerCase()}: it cannot be ${
        { send: 'sent', approve: 'approved', decline: 'declined', withdraw: 'withdrawn' }[action]
      } now`,
    lock: async (repos) => {
      const row = seenChangeOrder(actor, await repos.changeOrders.lock(id));
      if (row && action !== 'approve' && action !== 'decline' && !canDraftChangeOrders(actor, row)) {
        throw forbidden("You don't have permission to change this change order");
      }
      return row;
    },
    apply: async (repos, row, next) => {
      // A variation of a contract whose value was never recorded would read to the client as the
      // project's whole value.
      if (action === 'send' && !(await repos.financials.isRecorded(row.projectId))) {
        throw new AppError('CONFLICT', CHANGE_ORDER_MESSAGES.contractValueFirst);
      }
      const saved = await repos.changeOrders.setStatus(id, next, stepFields(actor, action, body));
      if (next === 'approved') await addToFinancials(repos, actor, row);
      return { ...row, ...saved };
    },
    notify: ({ saved, next }) => toldOf(saved, next),
    invalidates: (next) => (next === 'approved' ? VALUE_CHANGED : { kind: 'notifications' }),
  });
  return answerOf(ctx, actor, id);
}
