import { paginate } from '@trowel/shared/http/pagination.ts';
import {
  BUDGET_REASON_REQUIRED,
  budgetMachine,
  entryStatus,
  isAuthorTold,
  nextReviewerRole,
  QS_REMARK_ACTIONS,
  REASON_ACTIONS,
  type BudgetAction,
  type BudgetStatus,
} from '@trowel/shared/budgets/budget.machine.ts';
import {
  budgetDeleteRefusal,
  budgetProjectChoice,
  canCreateBudget,
} from '@trowel/shared/budgets/budget.policy.ts';
import { fromKobo, toKobo } from '@trowel/shared/money/kobo.ts';
import { lineTotalKobo } from '@trowel/shared/money/line-total.ts';
import {
  BUDGET_STATUS_PHRASES,
  budgetAuthorNotice,
  budgetReviewNotice,
} from '@trowel/shared/budgets/budget.notices.ts';
import {
  BUDGET_STATUS_ON_EDIT,
  type BudgetLineInput,
  type BudgetTransitionInput,
  type CreateBudgetFields,
  type ListBudgetsQuery,
  type UpdateBudgetFields,
} from '@trowel/shared/budgets/budget.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import type { Logger } from '../../lib/logger.ts';
import { answerStamp, pageAnswers } from './budget-answers.ts';
import type { AnswerStamp, BudgetFilter, ProjectPage } from './budgets.repository.ts';
import { discardFiles, saveUploadedFiles, type Upload } from '../../files/upload-pipeline.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { NewNotification } from '../../notices/notices.repository.ts';
import { inWorkflow, takeStep } from '../../workflow/engine.ts';
import type { WorkflowTransaction } from '../../workflow/workflow-transaction.ts';
import {
  budgetProject,
  editRefusal,
  editResubmits,
  refuse,
  resubmitRefusal,
  seenBudget,
  stepAllowedForPerson,
} from './budget-access.ts';
import { toBudgetDto } from './budget-dto.ts';
import { budgetStepTable, type BudgetWithRefs, type NewBudgetLine } from './budgets.repository.ts';

const linesOf = (items: readonly BudgetLineInput[]): NewBudgetLine[] =>
  items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitPriceKobo: toKobo(item.unitPrice),
    totalKobo: lineTotalKobo(item.quantity, item.unitPrice),
    notes: item.notes,
    category: item.category,
  }));

const budgetLink = (projectId: string) => `/projects/${projectId}/budget`;

/** A step's own part of what its author is told: who took it, and the remarks they gave. */
interface StepTold {
  by: string;
  remarks: string | null;
}

/** Who is told when a budget reaches a status: the next reviewer's role, or its author. */
function toldOf(
  row: Pick<BudgetWithRefs, 'projectId' | 'projectTitle' | 'authorId' | 'totalKobo'>,
  status: BudgetStatus,
  action: BudgetAction | 'create',
  step?: StepTold,
): NewNotification[] {
  const about = { projectTitle: row.projectTitle, total: fromKobo(row.totalKobo) };
  const common = { type: 'budget' as const, link: budgetLink(row.projectId), projectId: row.projectId };
  const reviewer = nextReviewerRole(status);
  if (reviewer) return [{ ...common, ...budgetReviewNotice(about), recipientRoles: [reviewer] }];
  if (step && isAuthorTold(action)) {
    return [
      { ...common, ...budgetAuthorNotice(action, { ...about, ...step }), recipientUsers: [row.authorId] },
    ];
  }
  return [];
}

async function answer(ctx: ModuleContext<'budgetCounts'>, id: string) {
  const row = await ctx.budgets.findWithParts(id);
  if (!row) throw notFound('Budget');
  return toBudgetDto(row, ctx.config.appSecret!);
}

/** What a change makes stale: kept budget totals and pages, and projects' figures too when an approved total changed. */
const budgetsStale = (status: BudgetStatus) =>
  ({ kind: status === 'approved' ? 'projects' : 'budgets' }) as const;

/** What a viewer's budget lists depend on: everything for the administrator, else their own drafts and projects. */
const viewerKey = (actor: AuthUser) => (actor.role === 'admin' ? 'admin' : actor.id);

/** Totals are kept per viewer and filter until any budget changes. */
const countKey = (actor: AuthUser, filter: object) => JSON.stringify([viewerKey(actor), filter]);

/** Whole list answers are kept per viewer and query until any budget, project or person changes. */
export const budgetListKey = (actor: AuthUser, query: ListBudgetsQuery) =>
  JSON.stringify(['budgets', viewerKey(actor), query]);

/** A page of the budgets the actor sees, newest first; 404 for a project they may not see. */
export async function listBudgets(
  ctx: ModuleContext<'budgetCounts'>,
  actor: AuthUser,
  query: ListBudgetsQuery,
  log: Logger,
) {
  const filter = { projectId: query.projectId, statuses: query.status };
  const page = { offset: (query.page - 1) * query.limit, limit: query.limit };
  const stamp = answerStamp(ctx.config.appSecret!);
  const counted = () => ctx.budgetCounts.get(countKey(actor, filter), () => ctx.budgets.count(actor, filter));
  if (query.projectId) {
    const found = await ctx.budgets.projectPage(actor, filter, page, stamp);
    // Budgets seen on the page prove the project is seen (a lead's only on projects they lead);
    // an empty page asks whether the project is there for this reader at all (404).
    if (found.total === null) await budgetProject(ctx, actor, query.projectId);
    return {
      budgets: found.body !== null ? [found.body] : await keepPage(ctx, actor, { filter, stamp }, found, log),
      pagination: paginate(query.page, query.limit, found.total ?? (await counted())),
    };
  }
  const [entries, total] = await Promise.all([ctx.budgets.page(actor, filter, page, stamp), counted()]);
  return {
    /** Each budget's answer as JSON text (see `pageAnswers`). */
    budgets: await pageAnswers(ctx, entries, stamp, log),
    pagination: paginate(query.page, query.limit, total),
  };
}

/**
 * The answers of a project's page whose text was not kept (or not current): each budget's kept answer,
 * the others built, then the page's text kept under the stamp it was read with.
 */
async function keepPage(
  ctx: ModuleContext<'budgetCounts'>,
  actor: AuthUser,
  { filter, stamp }: { filter: BudgetFilter; stamp: AnswerStamp },
  found: ProjectPage,
  log: Logger,
) {
  const answers = await pageAnswers(ctx, await ctx.budgets.keptAnswersOf(found.ids, stamp), stamp, log);
  if (found.stamp !== null) {
    await ctx.budgets
      .storePages({
        projectId: filter.projectId!,
        scope: ctx.budgets.pageKey(actor),
        stamp: found.stamp,
        body: answers.join(','),
      })
      .catch((error: unknown) => log.warn({ err: error }, 'a page of budgets was not kept'));
  }
  return answers;
}

/** One budget the actor sees, with its lines, documents and history. */
export async function getBudget(ctx: ModuleContext<'budgetCounts'>, actor: AuthUser, id: string) {
  seenBudget(actor, await ctx.budgets.find(id));
  return answer(ctx, id);
}

/** The projects the actor may create budgets on, by the same rule as the create's check. */
export function budgetProjects(ctx: ModuleContext<'budgetCounts'>, actor: AuthUser) {
  return ctx.budgets.projectChoices(actor, budgetProjectChoice(actor));
}

/**
 * POST /budgets: the lines' totals computed here; without a status the budget enters the chain where
 * its author stands, and the next reviewer is told, all with its documents in one transaction.
 */
export async function createBudget(
  ctx: ModuleContext<'budgetCounts'>,
  actor: AuthUser,
  upload: Upload<CreateBudgetFields>,
) {
  const { fields } = upload;
  const project = await ctx.projects.findVisible(actor, fields.projectId);
  if (!project) throw notFound('Project');
  // A lead of another project may not create here (403, as the create rule says).
  if (!canCreateBudget(actor, project)) {
    throw forbidden("You don't have permission to create a budget for this project");
  }
  const status =
    fields.status === 'draft' ? 'draft' : entryStatus(actor.role, await ctx.settings.qsReviewEnabled());
  const { result: id } = await saveUploadedFiles(ctx, actor, upload, async (scoped, tx) => {
    const budget = await scoped.budgets.insert({
      projectId: project.id,
      authorId: actor.id,
      authorRole: actor.role,
      status,
      remarks: fields.remarks ?? '',
    });
    const totalKobo = await scoped.budgets.setLines(budget.id, linesOf(fields.items));
    const refs = { projectId: project.id, projectTitle: project.title, authorId: actor.id, totalKobo };
    await tx.create({
      machine: budgetMachine,
      id: budget.id,
      status,
      actor,
      remarks: fields.remarks || null,
      notify: toldOf(refs, status, 'create'),
      invalidates: budgetsStale(status),
    });
    await recordDocuments(tx, actor, budget.id, status, upload);
    return { owner: { kind: 'budget', projectId: project.id, budgetId: budget.id }, result: budget.id };
  });
  return answer(ctx, id);
}

/** The history row of documents added with a create or an edit. */
async function recordDocuments(
  tx: WorkflowTransaction,
  actor: AuthUser,
  id: string,
  status: BudgetStatus,
  upload: Upload<unknown>,
) {
  if (upload.files.length === 0) return;
  await tx.repos.budgets.update(id);
  await tx.record({
    machine: budgetMachine,
    id,
    event: 'add-documents',
    status,
    actor,
    remarks: `Added: ${upload.files.map((file) => file.originalName).join(', ')}`,
    invalidates: { kind: 'budgets' },
  });
}

/**
 * PUT /budgets/{id}: the full body, on the locked row. Who may edit in which status is the shared
 * rule (403/409); `status: 'resubmit'`, or a lead saving a returned budget, sends it back into the chain.
 */
export async function updateBudget(
  ctx: ModuleContext<'budgetCounts'>,
  actor: AuthUser,
  id: string,
  upload: Upload<UpdateBudgetFields>,
) {
  const { fields } = upload;
  const qsReviewEnabled = await ctx.settings.qsReviewEnabled();
  await saveUploadedFiles(ctx, actor, upload, async (scoped, tx) => {
    const row = seenBudget(actor, await scoped.budgets.lock(id));
    if (fields.projectId && fields.projectId !== row.projectId) {
      throw badRequest('projectId cannot be changed: a budget stays with its project');
    }
    if (fields.status && fields.status !== 'resubmit' && fields.status !== row.status) {
      throw badRequest(BUDGET_STATUS_ON_EDIT);
    }
    const changesFields = fields.items !== undefined || fields.remarks !== undefined;
    const edits = changesFields || upload.files.length > 0;
    const resubmit = fields.status === 'resubmit' || (edits && editResubmits(actor, row));
    if (edits) refuse(editRefusal(actor, row), 'edit', row);
    if (resubmit) refuse(resubmitRefusal(actor, row, qsReviewEnabled), 'resubmit', row);
    tx.invalidate(budgetsStale(row.status));
    if (edits) {
      if (fields.remarks !== undefined) await scoped.budgets.update(id, { remarks: fields.remarks });
      if (fields.items) row.totalKobo = await scoped.budgets.setLines(id, linesOf(fields.items));
      if (changesFields) {
        await tx.record({
          machine: budgetMachine,
          id,
          event: 'edit',
          status: row.status,
          actor,
          remarks: fields.remarks || null,
        });
      }
      await recordDocuments(tx, actor, id, row.status, upload);
    }
    if (resubmit) await resubmitLocked(tx, actor, row, qsReviewEnabled);
    return { owner: { kind: 'budget', projectId: row.projectId, budgetId: id }, result: id };
  });
  return answer(ctx, id);
}

/** The resubmit step taken inside an edit's transaction, on the row it locked. */
async function resubmitLocked(tx: WorkflowTransaction, actor: AuthUser, row: BudgetWithRefs, qs: boolean) {
  await tx.step({
    machine: budgetMachine,
    id: row.id,
    action: 'resubmit',
    actor,
    options: { qsReviewEnabled: qs, authorRole: row.authorRole },
    noun: 'Budget',
    describe: (status) => BUDGET_STATUS_PHRASES[status],
    lock: () => Promise.resolve(row),
    apply: async (repos, locked, next) => {
      await repos.budgets.update(locked.id, { status: next });
    },
    notify: ({ row: locked, next }) => toldOf(locked, next, 'resubmit'),
    invalidates: { kind: 'budgets' },
  });
}

/**
 * POST /budgets/{id}/<action>: one step of the chain in one transaction on the locked row (the
 * loser of two concurrent steps answers 409), with its history row and who is told.
 */
export async function takeBudgetStep(
  ctx: ModuleContext<'budgetCounts'>,
  actor: AuthUser,
  id: string,
  action: BudgetAction,
  input: BudgetTransitionInput,
) {
  const qsAction = QS_REMARK_ACTIONS.includes(action);
  const remarks =
    (qsAction ? (input.qsRemarks ?? input.remarks) : (input.remarks ?? input.qsRemarks)) || null;
  const qsReviewEnabled = await ctx.settings.qsReviewEnabled();
  const optionsOf = (row: BudgetWithRefs) => ({ qsReviewEnabled, authorRole: row.authorRole });
  /** The row the step is taken on, read or locked: 404, and 403 for a person who may not take it. */
  const checked = <Row extends BudgetWithRefs>(found: Row | null) => {
    const row = seenBudget(actor, found);
    if (budgetMachine.check(row.status, action, actor.role, optionsOf(row)).allowed) {
      if (!stepAllowedForPerson(actor, action, row)) throw forbidden();
      if (REASON_ACTIONS.includes(action) && !remarks) throw badRequest(BUDGET_REASON_REQUIRED);
    }
    return row;
  };
  // A QS step writes the QS's remarks of this review, none included: an earlier return's remarks do not
  // stay on a budget the QS has since approved.
  const qsRemarks = qsAction ? (remarks ?? '') : undefined;
  const { row, to, history, changed, saved } = await takeStep(ctx, {
    machine: budgetMachine,
    id,
    action,
    actor,
    options: optionsOf,
    remarks,
    noun: 'Budget',
    describe: (status) => BUDGET_STATUS_PHRASES[status],
    lock: async (repos) => checked(await repos.budgets.lockWithParts(id)),
    // Answers when the row was written, for the answer below.
    apply: (repos, row, next) =>
      repos.budgets.update(row.id, { status: next, ...(qsRemarks === undefined ? {} : { qsRemarks }) }),
    notify: ({ row, next }) => toldOf(row, next, action, { by: actor.name, remarks }),
    // Drops kept budget pages and totals (projects' too when the approved totals changed) and
    // notification pages, in one publication.
    invalidates: budgetsStale,
    compareAndSet: {
      read: async (repos) => {
        const found = await repos.budgets.findWithParts(id);
        return found && { ...checked(found), fresh: true };
      },
      table: budgetStepTable,
      check: checked,
      fields: () => (qsRemarks === undefined ? {} : { qsRemarks }),
    },
  });
  const updatedAt = changed ? new Date(String(changed.updated_at)) : saved;
  if (!row.fresh || !updatedAt) return answer(ctx, id);
  // The answer is the row the step was taken on and what it wrote: no second read.
  const dto = toBudgetDto(
    {
      ...row,
      status: to,
      updatedAt,
      qsRemarks: qsRemarks === undefined ? row.qsRemarks : qsRemarks,
    },
    ctx.config.appSecret!,
  );
  dto.history.push({
    id: history.id,
    action: history.action,
    fromStatus: history.fromStatus,
    toStatus: history.toStatus,
    remarks: history.remarks,
    actor: { id: actor.id, name: actor.name, role: actor.role },
    createdAt: history.createdAt.toISOString(),
  });
  return dto;
}

/** DELETE /budgets/{id}: the administrator, or the author of a draft; documents removed after commit. */
export async function deleteBudget(ctx: ModuleContext<'budgetCounts'>, actor: AuthUser, id: string) {
  const keys = await inWorkflow(ctx, async (tx) => {
    const row = seenBudget(actor, await tx.repos.budgets.lock(id));
    refuse(budgetDeleteRefusal(actor, row), 'delete', row);
    const removed = await tx.repos.budgets.delete(id);
    await tx.forget(budgetMachine, id, budgetsStale(row.status));
    return removed;
  });
  await discardFiles(ctx, keys);
}

/** POST /budgets/{id}/attachments: documents added by someone who may edit the budget now. */
export async function addBudgetDocuments(
  ctx: ModuleContext<'budgetCounts'>,
  actor: AuthUser,
  id: string,
  upload: Upload<unknown>,
) {
  if (upload.files.length === 0) throw badRequest('Choose at least one document to upload');
  await saveUploadedFiles(ctx, actor, upload, async (scoped, tx) => {
    const row = seenBudget(actor, await scoped.budgets.lock(id));
    refuse(editRefusal(actor, row), 'edit', row);
    await recordDocuments(tx, actor, id, row.status, upload);
    return { owner: { kind: 'budget', projectId: row.projectId, budgetId: id }, result: id };
  });
  return answer(ctx, id);
}

/** DELETE /budgets/{id}/attachments/{attId}: by the same rule; the file is removed after commit. */
export async function removeBudgetDocument(
  ctx: ModuleContext<'budgetCounts'>,
  actor: AuthUser,
  id: string,
  attachmentId: string,
) {
  const keys = await inWorkflow(ctx, async (tx) => {
    const row = seenBudget(actor, await tx.repos.budgets.lock(id));
    refuse(editRefusal(actor, row), 'edit', row);
    const document = await tx.repos.budgets.document(id, attachmentId);
    if (!document) throw notFound('Attachment');
    const removed = await tx.repos.attachments.deleteWhere({ id: document.id });
    await tx.repos.budgets.update(id);
    await tx.record({
      machine: budgetMachine,
      id,
      event: 'remove-document',
      status: row.status,
      actor,
      remarks: `Removed: ${document.originalName}`,
      invalidates: { kind: 'budgets' },
    });
    return removed;
  });
  await discardFiles(ctx, keys);
  return answer(ctx, id);
}
