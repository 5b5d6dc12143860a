import type { z } from 'zod';
import { paginate } from '@trowel/shared/http/pagination.ts';
import type {
  createInventoryItemInput,
  listInventoryQuery,
  updateInventoryItemInput,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import type { Repositories } from '../../context.ts';
import type { ModuleContext } from '../../platform.ts';
import type { InventoryItemRow } from '../../db/schema.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { toItemDto } from './inventory.repository.ts';

const NOUN = 'Inventory item';

/**
 * A page of items with each one's low-stock flag, and the categories in use. Totals and categories are
 * kept until stores change (`ctx.storesAggregates`); whole pages are kept by the route.
 */
export async function listInventory(
  ctx: ModuleContext<'storesAggregates'>,
  query: z.output<typeof listInventoryQuery>,
) {
  const filter = { category: query.category, search: query.search };
  const [items, total, categories] = await Promise.all([
    ctx.inventory.itemsPage(filter, {
      page: query.page,
      limit: query.limit,
      sortBy: query.sortBy,
      descending: query.sortOrder === 'desc',
    }),
    ctx.storesAggregates.get(JSON.stringify(['items', filter.category, filter.search]), () =>
      ctx.inventory.countItems(filter),
    ) as Promise<number>,
    inventoryCategories(ctx),
  ]);
  return { items, categories, pagination: paginate(query.page, query.limit, total) };
}

/** Whole answers of the item list are kept per query: every reader sees the same items. */
export const inventoryListKey = (query: z.output<typeof listInventoryQuery>) =>
  JSON.stringify(['inventory-items', query]);

/** The categories in use (the filter's choices). */
export function inventoryCategories(ctx: ModuleContext<'storesAggregates'>) {
  return ctx.storesAggregates.get('categories', () => ctx.inventory.categories()) as Promise<string[]>;
}

export async function getInventoryItem(ctx: ModuleContext<'storesAggregates'>, id: string) {
  const item = await ctx.inventory.findItem(id);
  if (!item) throw notFound(NOUN);
  return toItemDto(item);
}

/**
 * Tells store keepers and admins when a change takes an item's stock below its threshold: once, when
 * it crosses, not on every later change while it stays low.
 */
export async function noticeLowStock(
  repos: Repositories,
  before: Pick<InventoryItemRow, 'quantity' | 'lowStockThreshold'>,
  after: Pick<InventoryItemRow, 'name' | 'unit' | 'quantity' | 'lowStockThreshold'>,
) {
  const wasLow = before.quantity < before.lowStockThreshold;
  if (wasLow || after.quantity >= after.lowStockThreshold) return;
  await repos.notifications.create({
    type: 'material',
    title: 'Low stock',
    message: `${after.name} is low: ${after.quantity} ${after.unit} left (threshold ${after.lowStockThreshold})`,
    link: '/inventory',
    recipientRoles: ['store_keeper', 'admin'],
  });
}

/** Adds an item; its opening stock is written as an adjustment. */
export async function createInventoryItem(
  ctx: ModuleContext<'storesAggregates'>,
  actor: AuthUser,
  input: z.output<typeof createInventoryItemInput>,
) {
  const item = await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx);
    const row = await repos.inventory.insertItem(input);
    if (row.quantity !== 0) {
      await repos.inventory.insertMovement({
        itemId: row.id,
        kind: 'adjustment',
        quantity: row.quantity,
        quantityAfter: row.quantity,
        actorId: actor.id,
        unitCostKobo: row.unitCostKobo,
      });
    }
    return row;
  });
  await ctx.invalidate({ kind: 'stores' });
  return toItemDto(item);
}

/** Edits an item on its locked row; a changed quantity is written as an adjustment. */
export async function updateInventoryItem(
  ctx: ModuleContext<'storesAggregates'>,
  actor: AuthUser,
  id: string,
  input: z.output<typeof updateInventoryItemInput>,
) {
  const item = await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx);
    const before = await repos.inventory.lockItem(id);
    if (!before) throw notFound(NOUN);
    const after = await repos.inventory.updateItem(id, input);
    if (after.quantity !== before.quantity) {
      await repos.inventory.insertMovement({
        itemId: id,
        kind: 'adjustment',
        quantity: after.quantity - before.quantity,
        quantityAfter: after.quantity,
        actorId: actor.id,
        unitCostKobo: after.unitCostKobo,
      });
    }
    await noticeLowStock(repos, before, after);
    return after;
  });
  await ctx.invalidate({ kind: 'stores' });
  // A low-stock notice's emails are queued jobs.
  ctx.wakeWorker();
  return toItemDto(item);
}

/** Deletes an item; one with open requests is refused (409) so no request loses its stock. */
export async function deleteInventoryItem(ctx: ModuleContext<'storesAggregates'>, id: string) {
  await ctx.db.transaction(async (tx) => {
    const repos = ctx.withDb(tx);
    const item = await repos.inventory.lockItem(id);
    if (!item) throw notFound(NOUN);
    const open = await repos.inventory.openRequestCount(id);
    if (open > 0)
      throw new AppError(
        'CONFLICT',
        `${item.name} has ${open} open request${open === 1 ? '' : 's'}; it cannot be deleted until they are settled`,
      );
    await repos.inventory.deleteItem(id);
  });
  await ctx.invalidate({ kind: 'stores' });
}

/** An item's stock movements, newest first. */
export async function listStockMovements(
  ctx: ModuleContext<'storesAggregates'>,
  id: string,
  page: number,
  limit: number,
) {
  if (!(await ctx.inventory.findItem(id))) throw notFound(NOUN);
  const { rows, total } = await ctx.inventory.movements(id, page, limit);
  return { movements: rows, pagination: paginate(page, limit, total) };
}
