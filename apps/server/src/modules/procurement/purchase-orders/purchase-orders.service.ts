import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import type {
  ListPurchaseOrdersQuery,
  PurchaseOrderDto,
} from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { AuthUser } from '../../../http/access.ts';
import { notFound } from '../../../http/app-error.ts';
import type { ModuleContext } from '../../../platform.ts';
import type { PurchaseOrderScope } from './purchase-orders.repository.ts';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.ts';

type Actor = Pick<AuthUser, 'id' | 'role'>;

/** Procurement staff see every order; a vendor only those awarded to them (others answer 404). */
async function scopeOf(ctx: ModuleContext, actor: Actor): Promise<PurchaseOrderScope | null> {
  if (can(actor, 'procurement:access')) return { vendorId: null };
  const vendorId = await ctx.purchaseOrders.vendorIdOfUser(actor.id);
  return vendorId ? { vendorId } : null;
}

export async function listPurchaseOrders(ctx: ModuleContext, actor: Actor, query: ListPurchaseOrdersQuery) {
  const scope = await scopeOf(ctx, actor);
  if (!scope) return { purchaseOrders: [], pagination: paginate(query.page, query.limit, 0) };
  const filter = { rfqId: query.rfqId };
  const [purchaseOrders, total] = await Promise.all([
    ctx.purchaseOrders.page(scope, filter, query.page, query.limit),
    ctx.purchaseOrders.count(scope, filter),
  ]);
  return { purchaseOrders, pagination: paginate(query.page, query.limit, total) };
}

export async function getPurchaseOrder(
  ctx: ModuleContext,
  actor: Actor,
  id: string,
): Promise<PurchaseOrderDto> {
  const scope = await scopeOf(ctx, actor);
  const order = scope ? await ctx.purchaseOrders.find(id, scope) : null;
  if (!order) throw notFound('Purchase order');
  return order;
}

/** The order as a PDF, with its file name. */
export async function purchaseOrderPdf(ctx: ModuleContext, actor: Actor, id: string) {
  const order = await getPurchaseOrder(ctx, actor, id);
  return { fileName: `${order.poNumber}.pdf`, bytes: await renderPurchaseOrderPdf(order) };
}
