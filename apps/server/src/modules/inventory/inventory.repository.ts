import { and, asc, desc, eq, ilike, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { CLOSED_INVENTORY_REQUEST_STATUSES } from '@trowel/shared/inventory/inventory-request.machine.ts';
import type {
  InventoryItemDto,
  StockMovementDto,
  StockMovementKind,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import type { Db } from '../../db/client.ts';
import {
  inventoryItems,
  inventoryRequests,
  projects,
  stockMovements,
  users,
  type InventoryItemRow,
} from '../../db/schema.ts';

export type InventorySortField = 'createdAt' | 'updatedAt' | 'name' | 'category' | 'quantity';

export interface InventoryItemFilter {
  category?: string | undefined;
  search?: string | undefined;
}

/** A search term as a LIKE pattern's text: its own % and _ match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function toItemDto(row: InventoryItemRow): InventoryItemDto {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    quantity: row.quantity,
    unit: row.unit,
    lowStockThreshold: row.lowStockThreshold,
    isLowStock: row.quantity < row.lowStockThreshold,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function itemConditions(filter: InventoryItemFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.category !== undefined) conditions.push(eq(inventoryItems.category, filter.category));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(inventoryItems.name, pattern), ilike(inventoryItems.category, pattern))!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const SORT_COLUMNS = {
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
  name: inventoryItems.name,
  category: inventoryItems.category,
  quantity: inventoryItems.quantity,
} as const satisfies Record<InventorySortField, unknown>;

/** The only place that touches inventory items and their stock movements. */
export function inventoryRepository(db: Db) {
  return {
    /** A page of items in the chosen order. */
    async itemsPage(
      filter: InventoryItemFilter,
      page: { page: number; limit: number; sortBy: InventorySortField; descending: boolean },
    ) {
      const order = page.descending ? desc : asc;
      const rows = await db
        .select()
        .from(inventoryItems)
        .where(itemConditions(filter))
        .orderBy(order(SORT_COLUMNS[page.sortBy]), order(inventoryItems.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit);
      return rows.map(toItemDto);
    },

    async countItems(filter: InventoryItemFilter) {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(inventoryItems)
        .where(itemConditions(filter));
      return row?.total ?? 0;
    },

    /** The categories in use, alphabetically (the filter's choices). */
    async categories() {
      const rows = await db
        .selectDistinct({ category: inventoryItems.category })
        .from(inventoryItems)
        .where(ne(inventoryItems.category, ''))
        .orderBy(asc(inventoryItems.category))
        .limit(500);
      return rows.map((row) => row.category);
    },

    async findItem(id: string) {
      const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id)).limit(1);
      return row ?? null;
    },

    /** The item locked for the transaction: stock changes of one item happen one after another. */
    async lockItem(id: string) {
      const [row] = await db
        .select()
        .from(inventoryItems)
        .where(eq(inventoryItems.id, id))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /**
     * The item of this name and unit, matched without regard to case or surrounding spaces, locked
     * for the transaction; the oldest when several match. Null when the stores have none.
     */
    async lockItemByNameAndUnit(name: string, unit: string) {
      const [row] = await db
        .select()
        .from(inventoryItems)
        .where(
          and(
            sql`lower(btrim(${inventoryItems.name})) = lower(btrim(${name}))`,
            sql`lower(btrim(${inventoryItems.unit})) = lower(btrim(${unit}))`,
          ),
        )
        .orderBy(asc(inventoryItems.createdAt), asc(inventoryItems.id))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /**
     * Holds, until the transaction ends, the right to add a material of this name and unit, so two
     * deliveries of the same new material make one item, not two.
     */
    async holdNewItemName(name: string, unit: string) {
      const key = `inventory-item:${name.trim().toLowerCase()}|${unit.trim().toLowerCase()}`;
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },

    async insertItem(values: typeof inventoryItems.$inferInsert) {
      const [row] = await db.insert(inventoryItems).values(values).returning();
      return row!;
    },

    async updateItem(id: string, values: Partial<typeof inventoryItems.$inferInsert>) {
      const [row] = await db
        .update(inventoryItems)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(inventoryItems.id, id))
        .returning();
      return row!;
    },

    async deleteItem(id: string) {
      await db.delete(inventoryItems).where(eq(inventoryItems.id, id));
    },

    /** How many requests for the item are still open (not rejected and not released). */
    async openRequestCount(itemId: string) {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(inventoryRequests)
        .where(
          and(
            eq(inventoryRequests.inventoryItemId, itemId),
            notInArray(inventoryRequests.status, [...CLOSED_INVENTORY_REQUEST_STATUSES]),
          ),
        );
      return row?.total ?? 0;
    },

    async insertMovement(values: {
      itemId: string;
      kind: StockMovementKind;
      quantity: number;
      quantityAfter: number;
      requestId?: string | null;
      projectId?: string | null;
      deliveryId?: string | null;
      purchaseOrderId?: string | null;
      purchaseOrderItemId?: string | null;
      actorId: string;
      /** What a unit moved was worth, in kobo. */
      unitCostKobo: number;
    }) {
      await db.insert(stockMovements).values(values);
    },

    /** An item's movements, newest first, counted in SQL. */
    async movements(itemId: string, page: number, limit: number) {
      const where = eq(stockMovements.itemId, itemId);
      const [rows, [count]] = await Promise.all([
        db
          .select({ movement: stockMovements, projectTitle: projects.title, by: users.name })
          .from(stockMovements)
          .leftJoin(projects, eq(projects.id, stockMovements.projectId))
          .leftJoin(users, eq(users.id, stockMovements.actorId))
          .where(where)
          .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(stockMovements)
          .where(where),
      ]);
      const movements: StockMovementDto[] = rows.map(({ movement, projectTitle, by }) => ({
        id: movement.id,
        itemId: movement.itemId,
        kind: movement.kind,
        quantity: movement.quantity,
        quantityAfter: movement.quantityAfter,
        requestId: movement.requestId,
        purchaseOrderId: movement.purchaseOrderId,
        purchaseOrderItemId: movement.purchaseOrderItemId,
        projectId: movement.projectId,
        projectTitle,
        by,
        createdAt: movement.createdAt.toISOString(),
      }));
      return { rows: movements, total: count?.total ?? 0 };
    },
  };
}

export type InventoryRepository = ReturnType<typeof inventoryRepository>;
