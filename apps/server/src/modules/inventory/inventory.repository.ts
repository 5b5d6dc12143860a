import { and, asc, desc, eq, gt, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { can, type Actor } from '@trowel/shared/auth/policy.ts';
import {
  CLOSED_INVENTORY_REQUEST_STATUSES,
  type InventoryRequestStatus,
} from '@trowel/shared/inventory/inventory-request.machine.ts';
import type {
  InventoryItemDto,
  InventoryRequestDto,
  StockMovementDto,
  StockMovementKind,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import type { Db } from '../../db/client.ts';
import {
  inventoryItems,
  inventoryRequests,
  projectMembers,
  projects,
  stockMovements,
  users,
  type InventoryItemRow,
  type InventoryRequestRow,
} from '../../db/schema.ts';
import { visibleTo } from '../../db/visibility.ts';

export type InventorySortField = 'createdAt' | 'updatedAt' | 'name' | 'category' | 'quantity';

export interface InventoryItemFilter {
  category?: string | undefined;
  search?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/**
 * The inventory requests a user sees (spec 2 §2): all for those who read all; a lead their own and
 * those of the projects they lead; anyone else their own.
 */
export function visibleInventoryRequests(actor: Actor): SQL | undefined {
  if (can(actor, 'inventory:read-all-requests')) return undefined;
  const own = eq(inventoryRequests.requestedById, actor.id);
  if (!can(actor, 'projects:lead')) return own;
  return or(
    own,
    inArray(
      inventoryRequests.projectId,
      sql`(select ${projects.id} from ${projects} where ${projects.projectLeadId} = ${actor.id})`,
    ),
  );
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

export interface InventoryRequestFilter {
  status?: InventoryRequestStatus | undefined;
  search?: string | undefined;
}

function requestConditions(actor: Actor, filter: InventoryRequestFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const visible = visibleInventoryRequests(actor);
  if (visible) conditions.push(visible);
  if (filter.status) conditions.push(eq(inventoryRequests.status, filter.status));
  if (filter.search) conditions.push(ilike(inventoryRequests.itemName, `%${escapeLike(filter.search)}%`));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const SORT_COLUMNS = {
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
  name: inventoryItems.name,
  category: inventoryItems.category,
  quantity: inventoryItems.quantity,
} as const satisfies Record<InventorySortField, unknown>;

const requestColumns = {
  request: inventoryRequests,
  projectTitle: projects.title,
  requestedBy: users.name,
};

function toRequestDto(row: {
  request: InventoryRequestRow;
  projectTitle: string;
  requestedBy: string;
}): InventoryRequestDto {
  const { request } = row;
  const createdAt = request.createdAt.toISOString();
  return {
    id: request.id,
    inventoryItemId: request.inventoryItemId,
    itemName: request.itemName,
    unit: request.unit,
    projectId: request.projectId,
    projectTitle: row.projectTitle,
    quantityRequested: request.quantityRequested,
    quantityApproved: request.quantityApproved,
    notes: request.notes,
    storeKeeperNotes: request.storeKeeperNotes,
    adminNotes: request.adminNotes,
    projectLeadNotes: request.projectLeadNotes,
    requestedBy: row.requestedBy,
    requestedById: request.requestedById,
    status: request.status,
    timestamp: createdAt,
    createdAt,
    updatedAt: request.updatedAt.toISOString(),
  };
}

/** The only place that touches inventory items, their stock movements and inventory requests. */
export function inventoryRepository(db: Db) {
  const requestsJoined = () =>
    db
      .select(requestColumns)
      .from(inventoryRequests)
      .innerJoin(projects, eq(projects.id, inventoryRequests.projectId))
      .innerJoin(users, eq(users.id, inventoryRequests.requestedById));

  return {
    // Items

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
      actorId: string;
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
        projectId: movement.projectId,
        projectTitle,
        by,
        createdAt: movement.createdAt.toISOString(),
      }));
      return { rows: movements, total: count?.total ?? 0 };
    },

    // Requests

    /** The project with whether the user is on its team, if they may see it at all. */
    async projectForRequest(actor: Actor, projectId: string) {
      const [row] = await db
        .select({
          id: projects.id,
          title: projects.title,
          projectLeadId: projects.projectLeadId,
          isMember: sql<boolean>`exists (select 1 from ${projectMembers} m where m.project_id = ${projects.id} and m.user_id = ${actor.id})`,
        })
        .from(projects)
        .where(and(eq(projects.id, projectId), visibleTo(actor)))
        .limit(1);
      return row ?? null;
    },

    /** Projects the user may request stock for: all they see, or those listing them on the team. */
    async requestableProjects(actor: Actor, anyProject: boolean) {
      const query = db.select({ id: projects.id, title: projects.title }).from(projects);
      const scoped = anyProject
        ? query.where(visibleTo(actor))
        : query.innerJoin(
            projectMembers,
            and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, actor.id)),
          );
      return scoped.orderBy(asc(projects.title)).limit(500);
    },

    /**
     * Serialises one person's submissions for the rest of the transaction, so that a double
     * submission finds the first.
     */
    async lockRequester(userId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`inventory-request:${userId}`}))`);
    },

    /** The same request by the same person within the last seconds, if any. */
    async recentSameRequest(input: {
      requestedById: string;
      inventoryItemId: string;
      projectId: string;
      quantityRequested: number;
      notes: string;
      withinSeconds: number;
    }) {
      const [row] = await db
        .select({ id: inventoryRequests.id })
        .from(inventoryRequests)
        .where(
          and(
            eq(inventoryRequests.requestedById, input.requestedById),
            eq(inventoryRequests.inventoryItemId, input.inventoryItemId),
            eq(inventoryRequests.projectId, input.projectId),
            eq(inventoryRequests.quantityRequested, input.quantityRequested),
            eq(inventoryRequests.notes, input.notes),
            gt(inventoryRequests.createdAt, sql`now() - make_interval(secs => ${input.withinSeconds})`),
          ),
        )
        .orderBy(desc(inventoryRequests.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    async insertRequest(values: typeof inventoryRequests.$inferInsert) {
      const [row] = await db.insert(inventoryRequests).values(values).returning({ id: inventoryRequests.id });
      return row!.id;
    },

    async findVisibleRequest(actor: Actor, id: string) {
      const [row] = await requestsJoined()
        .where(and(eq(inventoryRequests.id, id), visibleInventoryRequests(actor)))
        .limit(1);
      return row ? toRequestDto(row) : null;
    },

    /** The request locked for the transaction, or null when the actor may not see it. */
    async lockVisibleRequest(actor: Actor, id: string) {
      const [row] = await db
        .select()
        .from(inventoryRequests)
        .where(and(eq(inventoryRequests.id, id), visibleInventoryRequests(actor)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async updateRequest(id: string, values: Partial<typeof inventoryRequests.$inferInsert>) {
      await db
        .update(inventoryRequests)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(inventoryRequests.id, id));
    },

    /** A page of the requests the actor sees, in creation order. */
    async requestsPage(
      actor: Actor,
      filter: InventoryRequestFilter,
      page: { page: number; limit: number; descending: boolean },
    ) {
      const order = page.descending ? desc : asc;
      const rows = await requestsJoined()
        .where(requestConditions(actor, filter))
        .orderBy(order(inventoryRequests.createdAt), order(inventoryRequests.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit);
      return rows.map(toRequestDto);
    },

    async countRequests(actor: Actor, filter: InventoryRequestFilter) {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(inventoryRequests)
        .where(requestConditions(actor, filter));
      return row?.total ?? 0;
    },
  };
}

export type InventoryRepository = ReturnType<typeof inventoryRepository>;
