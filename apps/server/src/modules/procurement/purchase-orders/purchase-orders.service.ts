import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import {
  describePurchaseOrderStatus,
  purchaseOrderMachine,
} from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { PURCHASE_ORDER_NOTICES as NOTICES } from '@trowel/shared/purchase-orders/purchase-order.notices.ts';
import {
  purchaseOrderNumber,
  type ListPurchaseOrdersQuery,
  type PurchaseOrderDto,
} from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { AuthUser } from '../../../http/access.ts';
import { notFound } from '../../../http/app-error.ts';
import { pageByDirectory } from '../../../db/created-directory.ts';
import type { ModuleContext } from '../../../platform.ts';
import { takeStep } from '../../../workflow/engine.ts';
import type { PurchaseOrderScope } from './purchase-orders.repository.ts';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.ts';

type Actor = Pick<AuthUser, 'id' | 'role'>;

/**
 * Procurement staff, the accountant and the stores see every order; the lead of a project those of the
 * projects they lead; a vendor only those awarded to them. Anything else answers 404.
 */
export async function scopeOf(ctx: ModuleContext, actor: Actor): Promise<PurchaseOrderScope | null> {
  if (can(actor, 'purchase-orders:read-all')) return { vendorId: null };
  if (can(actor, 'projects:lead')) return { vendorId: null, leadId: actor.id };
  if (!can(actor, 'vendor:portal')) return null;
  const vendorId = await ctx.purchaseOrders.vendorIdOfUser(actor.id);
  return vendorId ? { vendorId } : null;
}

export async function listPurchaseOrders(
  ctx: ModuleContext<'procurementCounts' | 'procurementDirectories'>,
  actor: Actor,
  query: ListPurchaseOrdersQuery,
) {
  const scope = await scopeOf(ctx, actor);
  if (!scope) return { purchaseOrders: [], pagination: paginate(query.page, query.limit, 0) };
  const filter = { rfqId: query.rfqId, status: query.status };
  const { rows: purchaseOrders, total } = await pageByDirectory(
    (query.page - 1) * query.limit,
    {
      count: () =>
        ctx.procurementCounts.get(JSON.stringify(['purchase-orders', scope, filter]), () =>
          ctx.purchaseOrders.count(scope, filter),
        ),
      directory: () =>
        ctx.procurementDirectories.get(JSON.stringify(['purchase-orders', scope, filter]), () =>
          ctx.purchaseOrders.directory(scope, filter),
        ),
    },
    (start) => ctx.purchaseOrders.page(scope, filter, start, query.limit),
  );
  return { purchaseOrders, pagination: paginate(query.page, query.limit, total) };
}

export async function getPurchaseOrder(
  ctx: ModuleContext,
  actor: Actor,
  id: string,
): Promise<PurchaseOrderDto> {
  const scope = await scopeOf(ctx, actor);
  if (!scope) throw notFound('Purchase order');
  // The history names the staff who took each step: the company's side only. It is read beside the
  // order, and answered only with an order in the scope.
  const tolerancePercent = await ctx.settings.deliveryTolerancePercent();
  const [order, history] = await Promise.all([
    ctx.purchaseOrders.find(id, scope, tolerancePercent),
    scope.vendorId ? null : ctx.statusHistory.forEntity(purchaseOrderMachine.name, id),
  ]);
  if (!order) throw notFound('Purchase order');
  return history ? { ...order, history } : order;
}

/** The order as a PDF, with its file name. */
export async function purchaseOrderPdf(ctx: ModuleContext, actor: Actor, id: string) {
  const order = await getPurchaseOrder(ctx, actor, id);
  return { fileName: `${order.poNumber}.pdf`, bytes: await renderPurchaseOrderPdf(order) };
}

/**
 * POST /purchase-orders/{id}/cancel: the administrator cancels an order nothing was received on
 * (409 otherwise); the vendor and procurement are told, the reason kept in the history.
 */
export async function cancelPurchaseOrder(
  ctx: ModuleContext,
  actor: Actor,
  id: string,
  remarks: string | null,
) {
  await takeStep(ctx, {
    machine: purchaseOrderMachine,
    id,
    action: 'cancel',
    actor,
    remarks,
    noun: 'Purchase order',
    describe: describePurchaseOrderStatus,
    refusal: () => NOTICES.cannotCancel,
    lock: (repos) => repos.purchaseOrders.lock(id, { vendorId: null }),
    apply: (repos, order, next) => repos.purchaseOrders.setStatus(order.id, next),
    // RFQ answers carry their order's status.
    invalidates: { kind: 'procurement' },
    notify: ({ row }) => {
      const poNumber = purchaseOrderNumber(row.number);
      return [
        {
          type: 'rfq',
          title: NOTICES.cancelledTitle(poNumber),
          message: NOTICES.cancelledMessage(poNumber, remarks),
          link: `/purchase-orders/${row.id}`,
          projectId: row.projectId,
          recipientUsers: [row.vendorUserId],
          recipientRoles: ['quantity_surveyor', 'admin', 'store_keeper'],
        },
      ];
    },
  });
  return getPurchaseOrder(ctx, actor, id);
}
