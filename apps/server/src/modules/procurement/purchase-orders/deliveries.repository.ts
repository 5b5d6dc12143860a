import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DeliveryItem } from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import type { Db } from '../../../db/client.ts';
import {
  attachments,
  deliveries,
  deliveryItems,
  inventoryItems,
  projects,
  purchaseOrderItems,
  purchaseOrders,
  users,
  type AttachmentRow,
} from '../../../db/schema.ts';

export interface NewDelivery {
  purchaseOrderId: string;
  waybillNumber: string;
  deliveredOn: string;
  receivedBy: string;
  lines: Array<{
    itemId: string;
    quantityReceived: number;
    quantityRejected: number;
    rejectionReason: string | null;
    inventoryItemId: string | null;
  }>;
}

/** A delivery as read back: its head, who received it, its lines with the order line's name and unit. */
export interface DeliveryRecord {
  id: string;
  purchaseOrderId: string;
  waybillNumber: string;
  deliveredOn: string;
  receivedBy: { id: string; name: string } | null;
  createdAt: Date;
  items: DeliveryItem[];
  files: AttachmentRow[];
}

/** Deliveries against purchase orders and their lines; the only code that touches their tables. */
export function deliveriesRepository(db: Db) {
  /** Lines and files of the deliveries given, in one read each. */
  async function withParts(heads: Array<Omit<DeliveryRecord, 'items' | 'files'>>): Promise<DeliveryRecord[]> {
    if (heads.length === 0) return [];
    const ids = heads.map((head) => head.id);
    const [lines, files] = await Promise.all([
      db
        .select({
          deliveryId: deliveryItems.deliveryId,
          itemId: deliveryItems.itemId,
          name: purchaseOrderItems.name,
          unit: purchaseOrderItems.unit,
          quantityReceived: deliveryItems.quantityReceived,
          quantityRejected: deliveryItems.quantityRejected,
          rejectionReason: deliveryItems.rejectionReason,
          inventoryItemId: deliveryItems.inventoryItemId,
        })
        .from(deliveryItems)
        .innerJoin(deliveries, eq(deliveries.id, deliveryItems.deliveryId))
        .innerJoin(
          purchaseOrderItems,
          and(
            eq(purchaseOrderItems.purchaseOrderId, deliveries.purchaseOrderId),
            eq(purchaseOrderItems.itemId, deliveryItems.itemId),
          ),
        )
        .where(inArray(deliveryItems.deliveryId, ids))
        .orderBy(asc(deliveryItems.position)),
      db
        .select()
        .from(attachments)
        .where(inArray(attachments.deliveryId, ids))
        .orderBy(asc(attachments.createdAt), asc(attachments.position)),
    ]);
    return heads.map((head) => ({
      ...head,
      items: lines
        .filter((line) => line.deliveryId === head.id)
        .map(({ deliveryId: _delivery, ...line }) => line),
      files: files.filter((file) => file.deliveryId === head.id),
    }));
  }

  const heads = () =>
    db
      .select({
        id: deliveries.id,
        purchaseOrderId: deliveries.purchaseOrderId,
        waybillNumber: deliveries.waybillNumber,
        deliveredOn: deliveries.deliveredOn,
        receivedById: users.id,
        receivedByName: users.name,
        createdAt: deliveries.createdAt,
      })
      .from(deliveries)
      .leftJoin(users, eq(users.id, deliveries.receivedBy));

  type HeadRow = Awaited<ReturnType<ReturnType<typeof heads>['execute']>>[number];
  const toHead = ({ receivedById, receivedByName, ...head }: HeadRow) => ({
    ...head,
    receivedBy: receivedById ? { id: receivedById, name: receivedByName ?? '' } : null,
  });

  return {
    /** Writes a delivery and its lines (the caller holds the order's lock); answers its id. */
    /**
     * The stores item each of the order's lines (by item id) last went into, among the lines given: a
     * later delivery of a line joins the item its earlier ones did. Items since removed are left out.
     */
    async earlierStoresItems(purchaseOrderId: string, itemIds: string[]): Promise<Map<string, string>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([deliveryItems.itemId], {
          itemId: deliveryItems.itemId,
          inventoryItemId: inventoryItems.id,
        })
        .from(deliveryItems)
        .innerJoin(deliveries, eq(deliveries.id, deliveryItems.deliveryId))
        .innerJoin(inventoryItems, eq(inventoryItems.id, deliveryItems.inventoryItemId))
        .where(and(eq(deliveries.purchaseOrderId, purchaseOrderId), inArray(deliveryItems.itemId, itemIds)))
        .orderBy(deliveryItems.itemId, desc(deliveries.createdAt), desc(deliveries.id));
      return new Map(rows.map((row) => [row.itemId, row.inventoryItemId]));
    },

    async insert(delivery: NewDelivery): Promise<string> {
      const [row] = await db
        .insert(deliveries)
        .values({
          purchaseOrderId: delivery.purchaseOrderId,
          waybillNumber: delivery.waybillNumber,
          deliveredOn: delivery.deliveredOn,
          receivedBy: delivery.receivedBy,
        })
        .returning({ id: deliveries.id });
      await db
        .insert(deliveryItems)
        .values(delivery.lines.map((line, position) => ({ ...line, position, deliveryId: row!.id })));
      return row!.id;
    },

    async find(id: string): Promise<DeliveryRecord | null> {
      const [head] = await heads().where(eq(deliveries.id, id));
      return head ? ((await withParts([toHead(head)]))[0] ?? null) : null;
    },

    /** A page of an order's deliveries, newest first, with the count. */
    async page(purchaseOrderId: string, page: number, limit: number) {
      const where = eq(deliveries.purchaseOrderId, purchaseOrderId);
      const [rows, [total]] = await Promise.all([
        heads()
          .where(where)
          .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(deliveries).where(where),
      ]);
      return { rows: await withParts(rows.map(toHead)), total: Number(total?.total ?? 0) };
    },

    /** The order a delivery was made against, with its vendor and the lead of its project (file access). */
    async orderOf(deliveryId: string) {
      const [row] = await db
        .select({
          purchaseOrderId: purchaseOrders.id,
          vendorId: purchaseOrders.vendorId,
          projectLeadId: projects.projectLeadId,
        })
        .from(deliveries)
        .innerJoin(purchaseOrders, eq(purchaseOrders.id, deliveries.purchaseOrderId))
        .leftJoin(projects, eq(projects.id, purchaseOrders.projectId))
        .where(eq(deliveries.id, deliveryId));
      return row ?? null;
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof deliveriesRepository>;
