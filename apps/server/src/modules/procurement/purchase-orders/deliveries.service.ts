import { paginate } from '@trowel/shared/http/pagination.ts';
import { averageCostKobo } from '@trowel/shared/money/average-cost.ts';
import { toKobo } from '@trowel/shared/money/kobo.ts';
import {
  DELIVERY_MESSAGES,
  type CreateDeliveryValues,
  type DeliveryDto,
  type DeliveryItemInput,
} from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import { lineReceivedInFull, maxReceivable } from '@trowel/shared/purchase-orders/delivery-quantities.ts';
import {
  describePurchaseOrderStatus,
  purchaseOrderMachine,
  type DeliveryOutcome,
} from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { PURCHASE_ORDER_NOTICES as NOTICES } from '@trowel/shared/purchase-orders/purchase-order.notices.ts';
import { purchaseOrderNumber } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import type { Repositories } from '../../../context.ts';
import type { ModuleContext } from '../../../platform.ts';
import { toAttachmentDto } from '../../../files/attachment-dto.ts';
import { saveUploadedFiles, type Upload } from '../../../files/upload-pipeline.ts';
import type { AuthUser } from '../../../http/access.ts';
import { AppError, badRequest, notFound } from '../../../http/app-error.ts';
import type { NewNotification } from '../../../notices/notices.repository.ts';
import type { DeliveryRecord } from './deliveries.repository.ts';
import type { LockedPurchaseOrder } from './purchase-orders.repository.ts';
import { scopeOf } from './purchase-orders.service.ts';

type Actor = Pick<AuthUser, 'id' | 'role'>;
type OrderLine = LockedPurchaseOrder['lines'][number];

/** Each delivery line with the order line it is against: 400 for a line not on the order. */
function againstOrder(order: LockedPurchaseOrder, items: readonly DeliveryItemInput[]) {
  return items.map((item) => {
    const line = order.lines.find((candidate) => candidate.itemId === item.itemId);
    if (!line) throw badRequest(DELIVERY_MESSAGES.itemUnknown);
    return { item, line };
  });
}

/** 409 when a line would be received past the order and the tolerance. */
function refuseOverReceipt(
  order: LockedPurchaseOrder,
  items: readonly DeliveryItemInput[],
  tolerance: number,
) {
  for (const { item, line } of againstOrder(order, items)) {
    const limit = maxReceivable(line.quantity, tolerance);
    if (line.quantityReceived + item.quantityReceived > limit) {
      throw new AppError(
        'CONFLICT',
        NOTICES.overReceipt({
          name: line.name,
          unit: line.unit,
          ordered: line.quantity,
          limit,
          already: line.quantityReceived,
          asked: item.quantityReceived,
        }),
      );
    }
  }
}

/** Where the order stands once this delivery is added: every line received, or anything at all. */
function outcomeOf(order: LockedPurchaseOrder, items: readonly DeliveryItemInput[]): DeliveryOutcome {
  const after = (line: OrderLine) =>
    line.quantityReceived + (items.find((item) => item.itemId === line.itemId)?.quantityReceived ?? 0);
  return {
    complete: order.lines.every((line) => lineReceivedInFull(line.quantity, after(line))),
    anyReceived: order.lines.some((line) => after(line) > 0),
  };
}

const sameUnit = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The stores item each accepted line goes into: the one the keeper chose (same unit), else the one the
 * line's earlier deliveries went into, else the item of the same name and unit, made when the material
 * is new. Items are locked in one order (by id, after the names of new materials are held) so
 * concurrent deliveries never wait on each other in a circle.
 */
async function storesItemsFor(
  repos: Repositories,
  orderId: string,
  lines: Array<{ item: DeliveryItemInput; line: OrderLine }>,
) {
  const unchosen = lines.filter(({ item }) => item.quantityReceived > 0 && !item.inventoryItemId);
  const chosen = await repos.deliveries.earlierStoresItems(
    orderId,
    unchosen.map(({ item }) => item.itemId),
  );
  for (const { item, line } of unchosen) {
    const earlier = chosen.get(item.itemId);
    const found = earlier ? await repos.inventory.findItem(earlier) : null;
    // An item whose unit was changed since no longer holds this material.
    if (earlier && (!found || !sameUnit(found.unit, line.unit))) chosen.delete(item.itemId);
  }
  const named = unchosen
    .filter(({ item }) => !chosen.has(item.itemId))
    .sort((a, b) => `${a.line.name}|${a.line.unit}`.localeCompare(`${b.line.name}|${b.line.unit}`));
  for (const { line } of named) await repos.inventory.holdNewItemName(line.name, line.unit);
  for (const { item, line } of named) {
    const existing = await repos.inventory.lockItemByNameAndUnit(line.name, line.unit);
    const id =
      existing?.id ??
      (await repos.inventory.insertItem({ name: line.name.trim(), unit: line.unit.trim() })).id;
    chosen.set(item.itemId, id);
  }
  for (const { item } of lines) if (item.inventoryItemId) chosen.set(item.itemId, item.inventoryItemId);
  const locked = new Map<string, NonNullable<Awaited<ReturnType<Repositories['inventory']['lockItem']>>>>();
  for (const id of [...new Set(chosen.values())].sort()) {
    const row = await repos.inventory.lockItem(id);
    if (!row) throw badRequest(DELIVERY_MESSAGES.unknownInventoryItem);
    locked.set(id, row);
  }
  for (const { item, line } of lines) {
    const id = item.inventoryItemId;
    if (id && !sameUnit(locked.get(id)!.unit, line.unit)) {
      throw badRequest(DELIVERY_MESSAGES.inventoryUnitDiffers);
    }
  }
  return { chosen, locked };
}

/** Adds each accepted quantity to its stores item, with its `receipt` movement linked to the order line. */
async function receiveIntoStores(
  repos: Repositories,
  actor: Actor,
  order: LockedPurchaseOrder,
  deliveryId: string,
  lines: Array<{ item: DeliveryItemInput; line: OrderLine }>,
  stores: Awaited<ReturnType<typeof storesItemsFor>>,
) {
  for (const { item, line } of lines) {
    if (item.quantityReceived === 0) continue;
    const id = stores.chosen.get(item.itemId)!;
    const before = stores.locked.get(id)!;
    const unitCostKobo = toKobo(line.unitPrice);
    const after = await repos.inventory.updateItem(id, {
      quantity: before.quantity + item.quantityReceived,
      unitCostKobo: averageCostKobo(
        before.quantity,
        before.unitCostKobo,
        item.quantityReceived,
        unitCostKobo,
      ),
    });
    stores.locked.set(id, after);
    await repos.inventory.insertMovement({
      itemId: id,
      kind: 'receipt',
      quantity: item.quantityReceived,
      quantityAfter: after.quantity,
      deliveryId,
      purchaseOrderId: order.id,
      purchaseOrderItemId: item.itemId,
      projectId: order.projectId,
      actorId: actor.id,
      unitCostKobo,
    });
  }
}

/**
 * Who hears of a delivery: the vendor always (their portal shows it); procurement when goods were
 * rejected or lines stay open; the accountant when the order is received in full.
 */
function deliveryNotices(
  order: LockedPurchaseOrder,
  items: readonly DeliveryItemInput[],
  complete: boolean,
): NewNotification[] {
  const poNumber = purchaseOrderNumber(order.number);
  const link = `/purchase-orders/${order.id}`;
  const base = { type: 'rfq' as const, link, projectId: order.projectId };
  const notices: NewNotification[] = [
    {
      ...base,
      title: NOTICES.deliveredTitle(poNumber),
      message: NOTICES.deliveredMessage(poNumber, items.length),
      recipientUsers: [order.vendorUserId],
    },
  ];
  const rejected = items.filter((item) => item.quantityRejected > 0).length;
  const open = order.lines.filter(
    (line) =>
      !lineReceivedInFull(
        line.quantity,
        line.quantityReceived + (items.find((item) => item.itemId === line.itemId)?.quantityReceived ?? 0),
      ),
  ).length;
  if (rejected > 0 || open > 0) {
    notices.push({
      ...base,
      title: NOTICES.shortTitle(poNumber),
      message: NOTICES.shortMessage(poNumber, rejected, open),
      recipientRoles: ['quantity_surveyor', 'admin'],
    });
  }
  if (complete) {
    notices.push({
      ...base,
      title: NOTICES.receivedTitle(poNumber),
      message: NOTICES.receivedMessage(poNumber),
      recipientRoles: ['accountant'],
    });
  }
  return notices;
}

/**
 * POST /purchase-orders/{id}/deliveries: under the order's lock, the delivery, its lines, each accepted
 * quantity into the stores (a `receipt` movement per line), the order's `receive` step with its history
 * and notices, and the photos, in one transaction. 404 for an order the caller may not see, 409 for a
 * line received past the order and the tolerance or an order no longer receiving, 400 for bad lines.
 */
export async function recordDelivery(
  ctx: ModuleContext,
  actor: Actor,
  orderId: string,
  upload: Upload<CreateDeliveryValues>,
): Promise<DeliveryDto> {
  const scope = await scopeOf(ctx, actor);
  if (!scope) throw notFound('Purchase order');
  const tolerance = await ctx.settings.deliveryTolerancePercent();
  const { items, waybillNumber, deliveredOn } = upload.fields;
  const { result: deliveryId } = await saveUploadedFiles(ctx, actor, upload, async (_repos, tx) => {
    const taken = await tx.step({
      machine: purchaseOrderMachine,
      id: orderId,
      action: 'receive',
      actor,
      noun: 'Purchase order',
      describe: describePurchaseOrderStatus,
      lock: async (repos) => {
        const order = await repos.purchaseOrders.lock(orderId, scope);
        if (order && purchaseOrderMachine.startsFrom('receive').includes(order.status)) {
          refuseOverReceipt(order, items, tolerance);
        }
        return order;
      },
      options: (order) => outcomeOf(order, items),
      apply: async (repos, order, next) => {
        const lines = againstOrder(order, items);
        const stores = await storesItemsFor(repos, order.id, lines);
        const id = await repos.deliveries.insert({
          purchaseOrderId: order.id,
          waybillNumber,
          deliveredOn,
          receivedBy: actor.id,
          lines: items.map((item) => ({
            itemId: item.itemId,
            quantityReceived: item.quantityReceived,
            quantityRejected: item.quantityRejected,
            rejectionReason: item.rejectionReason,
            inventoryItemId: stores.chosen.get(item.itemId) ?? item.inventoryItemId,
          })),
        });
        for (const item of items) {
          await repos.purchaseOrders.addToLine(
            order.id,
            item.itemId,
            item.quantityReceived,
            item.quantityRejected,
          );
        }
        await receiveIntoStores(repos, actor, order, id, lines, stores);
        if (next !== order.status) await repos.purchaseOrders.setStatus(order.id, next);
        return { deliveryId: id, complete: next === 'received' };
      },
      remarks: NOTICES.deliveryRemarks(
        waybillNumber,
        items.reduce((sum, item) => sum + item.quantityReceived, 0),
        items.reduce((sum, item) => sum + item.quantityRejected, 0),
      ),
      notify: ({ row, saved }) => deliveryNotices(row, items, saved.complete),
      invalidates: { kind: 'stores' },
    });
    // Not filed under the project: an order's papers outlive a deleted project (the order keeps them).
    return {
      owner: { kind: 'delivery', deliveryId: taken.saved.deliveryId },
      result: taken.saved.deliveryId,
    };
  });
  return toDeliveryDto(ctx, (await ctx.deliveries.find(deliveryId))!);
}

function toDeliveryDto(ctx: ModuleContext, record: DeliveryRecord): DeliveryDto {
  return {
    id: record.id,
    purchaseOrderId: record.purchaseOrderId,
    waybillNumber: record.waybillNumber,
    deliveredOn: record.deliveredOn,
    receivedBy: record.receivedBy,
    items: record.items,
    files: record.files.map((file) => toAttachmentDto(file, ctx.config.appSecret!)),
    createdAt: record.createdAt.toISOString(),
  };
}

/** GET /purchase-orders/{id}/deliveries: newest first, for whoever sees the order (404 otherwise). */
export async function listDeliveries(
  ctx: ModuleContext,
  actor: Actor,
  orderId: string,
  query: { page: number; limit: number },
) {
  const scope = await scopeOf(ctx, actor);
  if (!scope || !(await ctx.purchaseOrders.find(orderId, scope))) throw notFound('Purchase order');
  const { rows, total } = await ctx.deliveries.page(orderId, query.page, query.limit);
  return {
    deliveries: rows.map((row) => toDeliveryDto(ctx, row)),
    pagination: paginate(query.page, query.limit, total),
  };
}
