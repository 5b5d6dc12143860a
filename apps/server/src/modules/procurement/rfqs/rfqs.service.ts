import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import {
  vendorDetailStatusLabel,
  vendorFacingStatus,
  vendorStatusLabel,
} from '@trowel/shared/procurement/rfq.labels.ts';
import {
  OPEN_RFQ_STATUSES,
  RFQ_STATUSES,
  rfqMachine,
  vendorMayQuote,
} from '@trowel/shared/procurement/rfq.machine.ts';
import {
  RFQ_MESSAGES,
  type CreateRfqValues,
  type listRfqsQuery,
  type myRfqsQuery,
  type RfqDto,
  type RfqStats,
  type UpdateRfqInput,
  type VendorRfqDto,
} from '@trowel/shared/procurement/rfq.schemas.ts';
import type { z } from 'zod';
import type { ModuleContext } from '../../../platform.ts';
import { pageByDirectory } from '../../../db/created-directory.ts';
import type { VendorRow } from '../../../db/schema.ts';
import { saveUploadedFiles, type Upload } from '../../../files/upload-pipeline.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest, forbidden } from '../../../http/app-error.ts';
import { toFileDtos, toHistoryDto, toItemDto, toResponseDtos } from './rfq-dto.ts';
import type { RfqHead, RfqSummaryRow } from './rfqs.repository.ts';
import {
  bidsClosed,
  checkSealedFields,
  lagosTime,
  SEALED_BID_MESSAGES,
} from '@trowel/shared/procurement/sealed-bids.ts';
import { inWorkflow } from '../../../workflow/engine.ts';

const rfqNotFound = () => new AppError('NOT_FOUND', RFQ_MESSAGES.notFound);

/** The RFQ's head, or 404. */
async function existingRfq(ctx: ModuleContext, id: string): Promise<RfqHead> {
  const rfq = await ctx.rfqs.find(id);
  if (!rfq) throw rfqNotFound();
  return rfq;
}

/** Who is asking for an RFQ: procurement staff, or a vendor with their record. */
export type RfqViewer = { kind: 'staff' } | { kind: 'vendor'; vendor: VendorRow };

/**
 * The RFQ a caller may open: staff any, a vendor one sent to them (404 otherwise, like an id that
 * matches nothing); every other role 403. A vendor who is not active sees nothing.
 */
export async function rfqTarget(
  ctx: ModuleContext,
  actor: AuthUser,
  id: string,
): Promise<{ rfq: RfqHead; viewer: RfqViewer }> {
  if (can(actor, 'procurement:access')) {
    const rfq = await ctx.rfqs.find(id);
    if (!rfq) throw rfqNotFound();
    return { rfq, viewer: { kind: 'staff' } };
  }
  if (!can(actor, 'vendor:portal')) throw forbidden();
  const vendor = await ctx.vendors.findByUserId(actor.id);
  if (!vendor || vendor.status !== 'active' || !(await ctx.rfqs.visibleToVendor(id, vendor.id))) {
    throw rfqNotFound();
  }
  const rfq = await ctx.rfqs.find(id);
  if (!rfq) throw rfqNotFound();
  return { rfq, viewer: { kind: 'vendor', vendor } };
}

/**
 * POST /rfqs: the RFQ, its items, the vendors it goes to and its files in one transaction. Every
 * vendor must exist and be active; the RFQ starts at pending_qs_review.
 */
export async function createRfq(ctx: ModuleContext, actor: AuthUser, upload: Upload<CreateRfqValues>) {
  const { fields } = upload;
  const chosen = await ctx.vendors.findMany(fields.vendorIds);
  if (chosen.length !== fields.vendorIds.length) throw badRequest(RFQ_MESSAGES.unknownVendor);
  if (chosen.some((vendor) => vendor.status !== 'active')) throw badRequest(RFQ_MESSAGES.inactiveVendor);
  if (fields.projectId && !(await ctx.projects.findVisible(actor, fields.projectId))) {
    throw badRequest('Project not found');
  }
  assertSealedFields(fields);
  const { result: id } = await saveUploadedFiles(ctx, actor, upload, async (scoped, tx) => {
    const rfq = await scoped.rfqs.insert({
      title: fields.title,
      description: fields.description,
      projectId: fields.projectId,
      dueDate: fields.dueDate,
      costCategory: fields.costCategory,
      sealed: fields.sealed,
      bidDeadline: fields.sealed && fields.bidDeadline ? new Date(fields.bidDeadline) : null,
      createdBy: actor.id,
    });
    await scoped.rfqs.insertItems(rfq.id, fields.items);
    await scoped.rfqs.invite(rfq.id, fields.vendorIds);
    await tx.create({
      machine: rfqMachine,
      id: rfq.id,
      status: rfq.status,
      actor,
      remarks: `${fields.items.length} item(s) for ${fields.vendorIds.length} vendor(s)`,
      notify: [
        {
          type: 'rfq',
          title: 'New RFQ for review',
          message: `RFQ #${rfq.number} "${rfq.title}" awaits QS review before it is sent to vendors.`,
          link: `/procurement/rfqs/${rfq.id}`,
          projectId: fields.projectId,
          recipientRoles: ['quantity_surveyor'],
        },
      ],
    });
    return { owner: { kind: 'rfq', rfqId: rfq.id }, result: rfq.id };
  });
  return staffRfq(ctx, id);
}

/** A sealed RFQ needs a deadline in the future (400 otherwise, naming what is wrong). */
function assertSealedFields(fields: { sealed: boolean; bidDeadline: string | null }) {
  const problems: string[] = [];
  checkSealedFields(fields, (message) => problems.push(message));
  if (problems.length > 0) throw badRequest(problems[0]!);
}

/**
 * PUT /rfqs/{id}: before the RFQ is sent to vendors (409 after), its title, description, due date, and
 * whether it is sealed with its deadline (400 when sealed without a deadline in the future).
 */
export async function updateRfq(ctx: ModuleContext, actor: AuthUser, id: string, input: UpdateRfqInput) {
  await inWorkflow(ctx, async (tx) => {
    const rfq = await tx.repos.rfqs.lock(id);
    if (!rfq) throw rfqNotFound();
    if (rfq.status !== 'pending_qs_review') throw new AppError('CONFLICT', SEALED_BID_MESSAGES.notEditable);
    const sealed = input.sealed ?? rfq.sealed;
    const bidDeadline =
      input.bidDeadline !== undefined ? input.bidDeadline : (rfq.bidDeadline?.toISOString() ?? null);
    assertSealedFields({ sealed, bidDeadline });
    await tx.repos.rfqs.update(id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
      sealed,
      bidDeadline: sealed && bidDeadline ? new Date(bidDeadline) : null,
    });
    await tx.record({
      machine: rfqMachine,
      id,
      event: 'edit',
      status: rfq.status,
      actor,
      remarks: sealed ? `Sealed bids until ${lagosTime(bidDeadline!)} (Lagos time)` : null,
      invalidates: { kind: 'procurement' },
    });
  });
  return staffRfq(ctx, id);
}

/**
 * The staff's RFQ: items, every invited vendor, every quote, files and history. Its parts are read by
 * the RFQ's id beside its head (`head`, read or being read): the staff see every RFQ, so the parts wait
 * only for the head to say that it exists (404 otherwise, the parts unanswered).
 */
export async function staffRfq(
  ctx: ModuleContext,
  id: string,
  head: RfqHead | Promise<RfqHead> = existingRfq(ctx, id),
): Promise<RfqDto> {
  const secret = ctx.config.appSecret!;
  const [rfq, items, invitations, responses, files, history, negotiations, purchaseOrder, openings] =
    await Promise.all([
      head,
      ctx.rfqs.items(id),
      ctx.rfqs.invitations(id),
      ctx.rfqs.responses(id),
      ctx.rfqs.rfqFiles(id),
      ctx.statusHistory.forEntity(rfqMachine.name, id),
      ctx.negotiations.threadsOfRfq(id),
      ctx.purchaseOrders.summaryOfRfq(id, { vendorId: null }),
      ctx.rfqs.openings(id),
    ]);
  const responseIds = responses.map(({ response }) => response.id);
  const [lines, quoteFiles] = await Promise.all([
    ctx.rfqs.responseItems(responseIds),
    ctx.rfqs.quoteFiles(responseIds),
  ]);
  return {
    ...rfqBase(rfq),
    costCategory: rfq.costCategory,
    openings: openings.map((opening) => ({
      by: { id: opening.userId, name: opening.name },
      role: opening.role,
      at: opening.at.toISOString(),
    })),
    updatedAt: rfq.updatedAt.toISOString(),
    items: items.map(toItemDto),
    vendors: invitations.map(({ vendor, invitedAt, responseId }) => ({
      vendorId: vendor.id,
      vendor: {
        id: vendor.id,
        name: vendor.name,
        email: vendor.email,
        contactPerson: vendor.contactPerson,
        phone: vendor.phone,
        status: vendor.status,
      },
      invitedAt: invitedAt.toISOString(),
      hasResponded: responseId !== null,
    })),
    responses: toResponseDtos(responses, lines, quoteFiles, items, rfq.dueDate, secret),
    attachments: toFileDtos(files, secret),
    history: history.map(toHistoryDto),
    selectedVendorId: rfq.selectedVendorId,
    recommendedVendorId: rfq.recommendedVendorId,
    negotiations,
    purchaseOrder,
  };
}

/**
 * What the vendor sees: the RFQ, its items and files, their own quote and negotiations; nobody else's
 * anything. Approved reads as theirs only when they won (with their purchase order); otherwise as not
 * selected, their quote kept for their records.
 */
export async function vendorRfq(ctx: ModuleContext, rfq: RfqHead, vendor: VendorRow): Promise<VendorRfqDto> {
  const secret = ctx.config.appSecret!;
  const isSelected = rfq.status === 'approved' && rfq.selectedVendorId === vendor.id;
  const [items, responses, files, negotiations, purchaseOrder] = await Promise.all([
    ctx.rfqs.items(rfq.id),
    ctx.rfqs.responses(rfq.id, vendor.id),
    ctx.rfqs.rfqFiles(rfq.id),
    ctx.negotiations.forRfq(rfq.id, vendor.id),
    isSelected ? ctx.purchaseOrders.summaryOfRfq(rfq.id, { vendorId: vendor.id }) : null,
  ]);
  const ids = responses.map(({ response }) => response.id);
  const [lines, quoteFiles] = await Promise.all([ctx.rfqs.responseItems(ids), ctx.rfqs.quoteFiles(ids)]);
  const own = toResponseDtos(responses, lines, quoteFiles, items, rfq.dueDate, secret);
  const closed = rfq.sealed && bidsClosed(rfq.bidDeadline);
  const status = vendorFacingStatus(rfq.status, own.length > 0, isSelected, closed);
  return {
    ...rfqBase(rfq),
    status,
    statusLabel: vendorDetailStatusLabel(status),
    items: items.map(toItemDto),
    attachments: toFileDtos(files, secret),
    response: own[0] ?? null,
    responses: own,
    selectedVendorId: isSelected ? vendor.id : null,
    isSelected,
    totalAmount: own[0]?.totalAmount ?? null,
    canQuote: vendorMayQuote(rfq.status, own.length > 0) && !closed,
    negotiations,
    purchaseOrder,
  };
}

function rfqBase(rfq: RfqHead) {
  return {
    id: rfq.id,
    number: rfq.number,
    title: rfq.title,
    description: rfq.description,
    projectId: rfq.projectId,
    project: rfq.projectId ? { id: rfq.projectId, title: rfq.projectTitle ?? '' } : null,
    status: rfq.status,
    createdBy: rfq.createdBy ? { id: rfq.createdBy, name: rfq.creatorName ?? 'Unknown User' } : null,
    createdAt: rfq.createdAt.toISOString(),
    dueDate: rfq.dueDate,
    ...sealing(rfq),
  };
}

/** Whether an RFQ is sealed, its deadline and when its bids were opened, as answers carry them. */
const sealing = (rfq: { sealed: boolean; bidDeadline: Date | null; openedAt: Date | null }) => ({
  sealed: rfq.sealed,
  bidDeadline: rfq.bidDeadline ? new Date(rfq.bidDeadline).toISOString() : null,
  openedAt: rfq.openedAt ? new Date(rfq.openedAt).toISOString() : null,
});

/**
 * GET /rfqs/{id} for whoever asks: the staff's view or the vendor's, and the key it is kept under.
 * Each vendor's view is kept under their own account, so no two vendors ever share an answer; who
 * may see the RFQ is checked when the answer is built, and anything that could change it (a vendor
 * made inactive, a person or an RFQ changed) drops the kept answers.
 */
export function getRfq(ctx: ModuleContext, actor: AuthUser, id: string) {
  if (can(actor, 'procurement:access')) {
    const build = async () => ({
      rfq: await staffRfq(
        ctx,
        id,
        rfqTarget(ctx, actor, id).then((target) => target.rfq),
      ),
    });
    return { viewer: 'staff' as const, key: JSON.stringify(['rfq', 'staff', id]), build };
  }
  if (!can(actor, 'vendor:portal')) throw forbidden();
  const build = async () => {
    const { rfq, viewer } = await rfqTarget(ctx, actor, id);
    if (viewer.kind !== 'vendor') throw forbidden();
    return { rfq: await vendorRfq(ctx, rfq, viewer.vendor) };
  };
  return { viewer: 'vendor' as const, key: JSON.stringify(['rfq', actor.id, id]), build };
}

/** What a row of either RFQ list says of its RFQ, whoever lists it (the status is theirs to word). */
function listedRfq(
  row: Omit<RfqSummaryRow, 'status' | 'vendorCount' | 'responseCount' | 'selectedVendorId'>,
) {
  return {
    id: row.id,
    number: Number(row.number),
    title: row.title,
    description: row.description,
    projectId: row.projectId,
    project: row.projectId ? { id: row.projectId, title: row.projectTitle ?? '' } : null,
    createdBy: row.createdById ? { id: row.createdById, name: row.creatorName ?? 'Unknown User' } : null,
    createdAt: new Date(row.createdAt).toISOString(),
    dueDate: row.dueDate,
    itemCount: Number(row.itemCount),
    ...sealing(row),
  };
}

/** Kept answers of the lists are keyed by their query (and the vendor, for a vendor's own list). */
export const rfqListKey = (query: object) => JSON.stringify(['rfqs', query]);
export const myRfqsKey = (actor: AuthUser, query: object) => JSON.stringify(['my-rfqs', actor.id, query]);
export const comparisonKey = (rfqId: string, query: object) => JSON.stringify(['comparison', rfqId, query]);

/** GET /rfqs (staff): a page, newest first, with counts of items, vendors and quotes. */
export async function listRfqs(
  ctx: ModuleContext<'procurementCounts' | 'procurementDirectories'>,
  query: z.output<typeof listRfqsQuery>,
) {
  const filter = {
    status: query.status,
    projectId: query.projectId,
    vendorId: query.vendorId,
    search: query.search,
  };
  const { rows, total } = await pageByDirectory(
    (query.page - 1) * query.limit,
    {
      count: () => ctx.procurementCounts.get(JSON.stringify(['rfqs', filter]), () => ctx.rfqs.count(filter)),
      directory: () =>
        ctx.procurementDirectories.get(JSON.stringify(['rfqs', filter]), () => ctx.rfqs.directory(filter)),
    },
    (start) => ctx.rfqs.page(filter, start, query.limit),
  );
  return {
    // Each row's own fields first, then the shared ones (see docs/decisions.md, "Fields added before a spread").
    rfqs: rows.map((row) => ({
      status: row.status,
      vendorCount: Number(row.vendorCount),
      responseCount: Number(row.responseCount),
      selectedVendorId: row.selectedVendorId,
      ...listedRfq(row),
    })),
    pagination: paginate(query.page, query.limit, total),
  };
}

/**
 * GET /rfqs/vendor/my-rfqs: the RFQs sent to this vendor, each with their own quote total, and when
 * the answer stops holding by time alone (`closesAt`: the next sealed RFQ's deadline they have not
 * bid before; its status and the 'Action Required' count change then). The count is kept under that
 * moment too, so a page and its total never disagree.
 */
export async function listMyRfqs(
  ctx: ModuleContext<'procurementCounts'>,
  vendor: VendorRow,
  query: z.output<typeof myRfqsQuery>,
) {
  const closesAt = await ctx.rfqs.vendorNextBidClose(vendor.id);
  const countKey = ['vendor-rfqs', vendor.id, query.filter, query.search, closesAt?.getTime() ?? null];
  const [rows, total] = await Promise.all([
    ctx.rfqs.vendorPage(vendor.id, query.filter, query.search, query.page, query.limit),
    ctx.procurementCounts.get(JSON.stringify(countKey), () =>
      ctx.rfqs.vendorCount(vendor.id, query.filter, query.search),
    ),
  ]);
  const answer = {
    rfqs: rows.map((row) => {
      const closed = row.sealed && bidsClosed(row.bidDeadline);
      const status = vendorFacingStatus(
        row.status,
        Boolean(row.hasResponded),
        Boolean(row.isSelected),
        closed,
      );
      return {
        status,
        statusLabel: vendorStatusLabel(status),
        totalAmount: row.totalAmount === null ? null : Number(row.totalAmount),
        hasResponded: Boolean(row.hasResponded),
        ...listedRfq(row),
      };
    }),
    pagination: paginate(query.page, query.limit, total),
  };
  return { answer, closesAt };
}

/** GET /rfqs/stats (staff): counts by status, computed in SQL. */
export async function rfqStats(ctx: ModuleContext): Promise<RfqStats> {
  const { byStatus: rows, responsesReceived } = await ctx.rfqs.stats();
  const byStatus: Record<string, number> = Object.fromEntries(RFQ_STATUSES.map((status) => [status, 0]));
  for (const row of rows) byStatus[row.status] = Number(row.count);
  const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  const open = OPEN_RFQ_STATUSES.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  return {
    total,
    byStatus,
    open,
    awaitingApproval: byStatus.pending_admin_approval ?? 0,
    responsesReceived,
  };
}

/** A stored file of an RFQ or of a quote, by id (its kind's access rule decides who opens it). */
export async function procurementFile(ctx: ModuleContext, id: string) {
  const file = await ctx.attachments.find(id);
  return file && (file.kind === 'rfq' || file.kind === 'quote') ? file : null;
}
