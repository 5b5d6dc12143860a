import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import { INVOICE_NOTICES as NOTICES } from '@trowel/shared/invoices/invoice.notices.ts';
import {
  INVOICE_STATUS_LABELS,
  invoiceMachine,
  type InvoiceStatus,
} from '@trowel/shared/invoices/invoice.machine.ts';
import { matchInvoice } from '@trowel/shared/invoices/invoice-match.ts';
import {
  INVOICE_MESSAGES,
  type CreateInvoiceValues,
  type CreatePaymentValues,
  type InvoiceDto,
  type InvoiceSummary,
  type ListInvoicesQuery,
} from '@trowel/shared/invoices/invoice.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { exceedsMaxAmount, fromKobo, toKobo } from '@trowel/shared/money/kobo.ts';
import { vatKobo } from '@trowel/shared/money/vat.ts';
import { purchaseOrderMachine } from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { purchaseOrderNumber } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { ModuleContext } from '../../../platform.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../../db/errors.ts';
import { toAttachmentDto } from '../../../files/attachment-dto.ts';
import { saveUploadedFiles, type Upload } from '../../../files/upload-pipeline.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest, notFound } from '../../../http/app-error.ts';
import { inWorkflow, takeStep } from '../../../workflow/engine.ts';
import type { WorkflowTransaction } from '../../../workflow/workflow-transaction.ts';
import { poNumberOf, type InvoiceHead, type InvoiceScope } from './invoices.repository.ts';

type Actor = Pick<AuthUser, 'id' | 'role'>;
const NOUN = 'Invoice';
const INVOICEABLE = ['issued', 'partially_received', 'received'];

/** The accounts and procurement see every invoice; a vendor their own; anyone else none (404). */
async function scopeOf(ctx: ModuleContext, actor: Actor): Promise<InvoiceScope | null> {
  if (can(actor, 'invoices:read-all')) return { vendorId: null };
  if (!can(actor, 'vendor:portal')) return null;
  const vendorId = await ctx.purchaseOrders.vendorIdOfUser(actor.id);
  return vendorId ? { vendorId } : null;
}

const describe = (status: InvoiceStatus) => INVOICE_STATUS_LABELS[status].toLowerCase();

/**
 * POST /purchase-orders/{id}/invoices: under the order's lock, the invoice and its lines with the three-way
 * match, what it bills added to the order's lines, its creation and `match` step (matched or disputed) with
 * history and notices, and its file, in one transaction. VAT is 7.5 % of the lines' total or nothing (400);
 * a number the vendor already used answers 409, as does an order cancelled or closed.
 */
export async function recordInvoice(
  ctx: ModuleContext,
  actor: Actor,
  orderId: string,
  upload: Upload<CreateInvoiceValues>,
): Promise<InvoiceDto> {
  const { fields } = upload;
  try {
    const { result: id } = await saveUploadedFiles(ctx, actor, upload, async (repos, tx) => {
      const order = await repos.purchaseOrders.lock(orderId, { vendorId: null });
      if (!order) throw notFound('Purchase order');
      if (!INVOICEABLE.includes(order.status))
        throw new AppError('INVALID_STATE', INVOICE_MESSAGES.orderNotInvoiceable);
      if (await repos.invoices.numberTaken(order.vendorId, fields.invoiceNumber)) {
        throw new AppError('CONFLICT', INVOICE_MESSAGES.duplicateNumber);
      }
      const match = matchInvoice(fields.items, order.lines);
      const vat = toKobo(fields.vatAmount);
      if (vat !== 0 && vat !== vatKobo(match.subtotalKobo)) {
        throw badRequest(INVOICE_MESSAGES.vatRule(formatNaira(fromKobo(vatKobo(match.subtotalKobo)))));
      }
      const totalKobo = match.subtotalKobo + vat;
      if (exceedsMaxAmount(totalKobo)) throw badRequest('The invoice total is too large');
      const poNumber = purchaseOrderNumber(order.number);
      const invoiceId = await repos.invoices.insert({
        purchaseOrderId: order.id,
        vendorId: order.vendorId,
        projectId: order.projectId,
        invoiceNumber: fields.invoiceNumber,
        invoiceDate: fields.invoiceDate,
        matchStatus: match.matchStatus,
        subtotal: fromKobo(match.subtotalKobo),
        vatAmount: fromKobo(vat),
        totalAmount: fromKobo(totalKobo),
        recordedBy: actor.id,
        lines: match.lines,
      });
      await tx.create({ machine: invoiceMachine, id: invoiceId, status: 'recorded', actor });
      const differing = match.lines.filter((line) => line.differences.length > 0).length;
      await tx.step({
        machine: invoiceMachine,
        id: invoiceId,
        action: 'match',
        actor,
        noun: NOUN,
        options: { matchStatus: match.matchStatus, paidInFull: false },
        lock: (scoped) => scoped.invoices.lock(invoiceId, { vendorId: null }),
        apply: (scoped, _row, next) => scoped.invoices.setStatus(invoiceId, next),
        remarks: differing > 0 ? `${differing} line(s) differ` : null,
        notify: () =>
          match.matchStatus === 'disputed'
            ? [
                {
                  type: 'rfq',
                  title: NOTICES.disputedTitle(fields.invoiceNumber),
                  message: NOTICES.disputedMessage(fields.invoiceNumber, poNumber, differing),
                  link: `/invoices/${invoiceId}`,
                  projectId: order.projectId,
                  recipientRoles: ['admin', 'accountant', 'quantity_surveyor'],
                },
              ]
            : [
                {
                  type: 'rfq',
                  title: NOTICES.matchedTitle(fields.invoiceNumber),
                  message: NOTICES.matchedMessage(fields.invoiceNumber, poNumber),
                  link: `/invoices/${invoiceId}`,
                  projectId: order.projectId,
                  recipientRoles: ['accountant'],
                },
              ],
      });
      // Not filed under the project: an order's papers outlive a deleted project (the order keeps them).
      return { owner: { kind: 'invoice', invoiceId }, result: invoiceId };
    });
    return invoiceDto(ctx, (await ctx.invoices.find(id, { vendorId: null }))!);
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError('CONFLICT', INVOICE_MESSAGES.duplicateNumber);
    throw error;
  }
}

function summaryOf(head: InvoiceHead): InvoiceSummary {
  return {
    id: head.id,
    invoiceNumber: head.invoiceNumber,
    invoiceDate: head.invoiceDate,
    status: head.status,
    matchStatus: head.matchStatus,
    purchaseOrder: { id: head.purchaseOrderId, poNumber: poNumberOf(head) },
    vendor: { id: head.vendorId, name: head.vendorName },
    project: head.projectId ? { id: head.projectId, title: head.projectTitle ?? '' } : null,
    subtotal: head.subtotal,
    vatAmount: head.vatAmount,
    totalAmount: head.totalAmount,
    amountPaid: head.amountPaid,
    // A rejected invoice is owed nothing.
    outstanding:
      head.status === 'rejected' ? 0 : fromKobo(toKobo(head.totalAmount) - toKobo(head.amountPaid)),
    createdAt: head.createdAt.toISOString(),
  };
}

async function invoiceDto(ctx: ModuleContext, head: InvoiceHead): Promise<InvoiceDto> {
  const [items, payments, files, history] = await Promise.all([
    ctx.invoices.lines(head.id),
    ctx.invoices.payments(head.id),
    ctx.invoices.files(head.id),
    ctx.statusHistory.forEntity(invoiceMachine.name, head.id),
  ]);
  return {
    ...summaryOf(head),
    items,
    payments,
    files: files.map((file) => toAttachmentDto(file, ctx.config.appSecret!)),
    history,
  };
}

/** GET /invoices: a page, newest first, filtered by status, vendor and project; a vendor's own only. */
export async function listInvoices(ctx: ModuleContext, actor: Actor, query: ListInvoicesQuery) {
  const scope = await scopeOf(ctx, actor);
  if (!scope) return { invoices: [], pagination: paginate(query.page, query.limit, 0) };
  const filter = {
    status: query.status,
    vendorId: query.vendorId,
    projectId: query.projectId,
    purchaseOrderId: query.purchaseOrderId,
  };
  const { rows, total } = await ctx.invoices.page(scope, filter, query.page, query.limit);
  return { invoices: rows.map(summaryOf), pagination: paginate(query.page, query.limit, total) };
}

/** GET /invoices/{id}: 404 for an invoice the reader may not see. */
export async function getInvoice(ctx: ModuleContext, actor: Actor, id: string): Promise<InvoiceDto> {
  const scope = await scopeOf(ctx, actor);
  const head = scope ? await ctx.invoices.find(id, scope) : null;
  if (!head) throw notFound(NOUN);
  return invoiceDto(ctx, head);
}

/**
 * POST /invoices/{id}/approve and /reject. The accountant approves a matched invoice; a disputed one
 * only the administrator, with a reason (400 without). A rejected invoice no longer counts as billed.
 */
export async function decideInvoice(
  ctx: ModuleContext,
  actor: Actor,
  id: string,
  action: 'approve' | 'reject',
  remarks: string | null,
): Promise<InvoiceDto> {
  await takeStep(ctx, {
    machine: invoiceMachine,
    id,
    action,
    actor,
    remarks,
    noun: NOUN,
    describe,
    refusal: (status) =>
      action === 'approve' && status === 'disputed'
        ? NOTICES.disputedNeedsAdmin
        : NOTICES.cannotDecide(describe(status)),
    lock: async (repos) => {
      const row = await repos.invoices.lock(id, { vendorId: null });
      if (row && action === 'approve' && row.status === 'disputed' && actor.role === 'admin' && !remarks) {
        throw badRequest(INVOICE_MESSAGES.reasonRequired);
      }
      return row;
    },
    apply: async (repos, row, next) => {
      if (next === 'rejected') {
        await repos.purchaseOrders.lock(row.purchaseOrderId, { vendorId: null });
        await repos.invoices.unbill(row.purchaseOrderId, row.id);
      }
      await repos.invoices.setStatus(row.id, next);
    },
    notify: ({ row, next }) => {
      const decided = next === 'approved' ? 'approved' : 'rejected';
      const told = {
        type: 'rfq' as const,
        title: NOTICES.decidedTitle(row.invoiceNumber, decided),
        link: `/invoices/${row.id}`,
        projectId: row.projectId,
      };
      return [
        {
          ...told,
          message: NOTICES.decidedMessage(row.invoiceNumber, decided, remarks),
          recipientUsers: [row.vendorUserId],
        },
        {
          ...told,
          message: NOTICES.decidedForRecorder(row.invoiceNumber, row.vendorName, decided, remarks),
          recipientUsers: [row.recordedBy],
        },
      ];
    },
  });
  return getInvoice(ctx, actor, id);
}

/**
 * POST /invoices/{id}/payments: under the invoice's lock, the payment (never above what is still owed:
 * 409), the `pay` step (paid once settled) and, when that settles everything received on the order, the
 * order's `close` step — one transaction.
 */
export async function recordPayment(
  ctx: ModuleContext,
  actor: Actor,
  id: string,
  input: CreatePaymentValues,
) {
  const amountKobo = toKobo(input.amount);
  const paymentId = await inWorkflow(ctx, async (tx) => {
    const taken = await tx.step({
      machine: invoiceMachine,
      id,
      action: 'pay',
      actor,
      noun: NOUN,
      describe,
      lock: async (repos) => {
        const row = await repos.invoices.lock(id, { vendorId: null });
        if (row && input.paidOn < row.invoiceDate) throw badRequest(INVOICE_MESSAGES.paidBeforeInvoice);
        const outstanding = row ? toKobo(row.totalAmount) - toKobo(row.amountPaid) : 0;
        if (row?.status === 'approved' && amountKobo > outstanding) {
          throw new AppError('CONFLICT', INVOICE_MESSAGES.overpaid(formatNaira(fromKobo(outstanding))));
        }
        return row;
      },
      options: (row) => ({
        matchStatus: row.matchStatus,
        paidInFull: toKobo(row.amountPaid) + amountKobo === toKobo(row.totalAmount),
      }),
      apply: (repos, row, next) =>
        repos.invoices.insertPayment({
          invoiceId: row.id,
          amount: input.amount,
          paidOn: input.paidOn,
          method: input.method,
          reference: input.reference,
          recordedBy: actor.id,
          status: next,
        }),
      remarks: `${formatNaira(input.amount)} (${input.method.replace('_', ' ')})`,
      notify: ({ row }) => [
        {
          type: 'rfq',
          title: NOTICES.paidTitle(row.invoiceNumber),
          message: NOTICES.paidMessage(
            row.invoiceNumber,
            formatNaira(input.amount),
            formatNaira(fromKobo(toKobo(row.totalAmount) - toKobo(row.amountPaid) - amountKobo)),
          ),
          link: `/invoices/${row.id}`,
          projectId: row.projectId,
          recipientUsers: [row.vendorUserId],
        },
      ],
    });
    if (taken.to === 'paid') await closeOrderWhenSettled(tx, actor, taken.row.purchaseOrderId);
    return taken.saved;
  });
  const invoice = await getInvoice(ctx, actor, id);
  return { payment: invoice.payments.find((payment) => payment.id === paymentId)!, invoice };
}

/** Closes an order received in full once everything received is invoiced and every invoice paid. */
async function closeOrderWhenSettled(tx: WorkflowTransaction, actor: Actor, orderId: string) {
  const order = await tx.repos.purchaseOrders.lock(orderId, { vendorId: null });
  if (!order || !purchaseOrderMachine.startsFrom('close').includes(order.status)) return;
  const billed = order.lines.every(
    (line) => Math.round(line.quantityInvoiced * 1000) >= Math.round(line.quantityReceived * 1000),
  );
  if (!billed || !(await tx.repos.invoices.orderSettled(orderId))) return;
  const poNumber = purchaseOrderNumber(order.number);
  await tx.step({
    machine: purchaseOrderMachine,
    id: orderId,
    action: 'close',
    actor,
    noun: 'Purchase order',
    lock: async () => order,
    apply: (repos, row, next) => repos.purchaseOrders.setStatus(row.id, next),
    // RFQ answers carry their order's status.
    invalidates: { kind: 'procurement' },
    notify: () => [
      {
        type: 'rfq',
        title: NOTICES.closedTitle(poNumber),
        message: NOTICES.closedMessage(poNumber),
        link: `/purchase-orders/${orderId}`,
        projectId: order.projectId,
        recipientUsers: [order.vendorUserId],
        recipientRoles: ['quantity_surveyor', 'admin'],
      },
    ],
  });
}
