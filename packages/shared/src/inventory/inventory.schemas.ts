import { z } from 'zod';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';
import { statusHistoryEntryDto } from '../workflow/history.schemas.ts';
import { INVENTORY_REQUEST_STATUSES } from './inventory-request.machine.ts';

/** Inventory page sizes and scrolling (spec 2 §9). */
export const INVENTORY_PAGE_SIZE_NARROW = 8;
export const INVENTORY_PAGE_SIZE_WIDE = 12;
export const INVENTORY_NARROW_BELOW_PX = 768;
/** A second identical request from the same person within this many seconds is the same request. */
export const DOUBLE_SUBMIT_WINDOW_SECONDS = 10;
export const INVENTORY_QUANTITY_MAX = 1_000_000_000;
export const REQUEST_ID_SHOWN = 8;

/** Texts shown to people (spec 2 §5 and §8), verbatim. */
export const INVENTORY_MESSAGES = {
  itemRequired: 'Name, quantity, and unit are required.',
  requestRequired: 'Item, quantity, and project are required.',
  itemNotFound: 'Selected item not found.',
  invalidQuantity: 'Please enter a valid quantity.',
  loadError: 'Error loading inventory',
  loadFailed: 'Failed to load inventory',
  loadRequestsError: 'Error loading inventory requests',
  addItemFailed: 'Failed to add inventory item',
  updateItemFailed: 'Failed to update inventory item',
  deleteItemFailed: 'Failed to delete inventory item',
  addRequestFailed: 'Failed to add inventory request',
  updateRequestFailed: 'Failed to update inventory request',
} as const;

const itemRequired = { error: INVENTORY_MESSAGES.itemRequired };
const wholeAtLeastZero = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of at least 0` })
    .int(`${field} must be a whole number of at least 0`)
    .min(0, `${field} must be a whole number of at least 0`)
    .max(INVENTORY_QUANTITY_MAX, `${field} must be at most ${INVENTORY_QUANTITY_MAX}`);

const itemFields = {
  name: z
    .string(itemRequired)
    .trim()
    .min(1, INVENTORY_MESSAGES.itemRequired)
    .max(200, 'Name must be at most 200 characters'),
  category: z
    .string({ error: 'Category must be text' })
    .trim()
    .max(100, 'Category must be at most 100 characters'),
  quantity: z.number(itemRequired).pipe(wholeAtLeastZero('Quantity')),
  unit: z
    .string(itemRequired)
    .trim()
    .min(1, INVENTORY_MESSAGES.itemRequired)
    .max(50, 'Unit must be at most 50 characters'),
  lowStockThreshold: wholeAtLeastZero('Low stock threshold'),
};

/** POST /inventory. */
export const createInventoryItemInput = z.strictObject({
  ...itemFields,
  category: itemFields.category.optional().default(''),
  lowStockThreshold: itemFields.lowStockThreshold.optional().default(0),
});
export type CreateInventoryItemInput = z.input<typeof createInventoryItemInput>;

/** PUT /inventory/{id}: a field left out keeps its value; a new quantity is an adjustment of the stock. */
export const updateInventoryItemInput = z.strictObject({
  name: itemFields.name.optional(),
  category: itemFields.category.optional(),
  quantity: itemFields.quantity.optional(),
  unit: itemFields.unit.optional(),
  lowStockThreshold: itemFields.lowStockThreshold.optional(),
});
export type UpdateInventoryItemInput = z.input<typeof updateInventoryItemInput>;

export const INVENTORY_SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'category', 'quantity'] as const;

export const listInventoryQuery = pageQuery(INVENTORY_PAGE_SIZE_WIDE).extend({
  sortBy: z
    .enum(INVENTORY_SORT_FIELDS, { error: `sortBy must be one of ${INVENTORY_SORT_FIELDS.join(', ')}` })
    .default('createdAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
  category: z.string().trim().max(100, 'category must be at most 100 characters').optional(),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type ListInventoryQuery = z.input<typeof listInventoryQuery>;

export const inventoryItemDto = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  lowStockThreshold: z.number().int(),
  /** Quantity below the threshold. */
  isLowStock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItemDto = z.infer<typeof inventoryItemDto>;

export const STOCK_MOVEMENT_KINDS = ['issue', 'adjustment', 'receipt'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/**
 * One change of an item's stock: an issue against a request, an adjustment when it was added or edited,
 * a receipt of goods delivered against a purchase order line.
 */
export const stockMovementDto = z.object({
  id: z.string(),
  itemId: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed: an issue is negative. */
  quantity: z.number().int(),
  quantityAfter: z.number().int(),
  requestId: z.string().nullable(),
  /** A receipt's purchase order and the line of it (the RFQ item's id). */
  purchaseOrderId: z.string().nullable(),
  purchaseOrderItemId: z.string().nullable(),
  projectId: z.string().nullable(),
  projectTitle: z.string().nullable(),
  by: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovementDto = z.infer<typeof stockMovementDto>;

export const listMovementsQuery = pageQuery(20);

/** POST /inventory/requests. */
export const createInventoryRequestInput = z.strictObject({
  inventoryItemId: z.uuid({ error: INVENTORY_MESSAGES.requestRequired }),
  projectId: z.uuid({ error: INVENTORY_MESSAGES.requestRequired }),
  quantityRequested: z
    .number({ error: INVENTORY_MESSAGES.requestRequired })
    .int(INVENTORY_MESSAGES.invalidQuantity)
    .min(1, INVENTORY_MESSAGES.invalidQuantity)
    .max(INVENTORY_QUANTITY_MAX, INVENTORY_MESSAGES.invalidQuantity),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(2000, 'Notes must be at most 2000 characters')
    .optional()
    .default(''),
  /** Sent by the screen for display; the item's own name is stored. */
  itemName: z.string().max(200).optional(),
});
export type CreateInventoryRequestInput = z.input<typeof createInventoryRequestInput>;

/** PUT /inventory/requests/{id}: the status the step leads to, the approved quantity, the step's notes. */
export const updateInventoryRequestInput = z.strictObject({
  status: z.enum(INVENTORY_REQUEST_STATUSES, {
    error: `status must be one of ${INVENTORY_REQUEST_STATUSES.join(', ')}`,
  }),
  quantityApproved: z
    .number({ error: INVENTORY_MESSAGES.invalidQuantity })
    .int(INVENTORY_MESSAGES.invalidQuantity)
    .min(1, INVENTORY_MESSAGES.invalidQuantity)
    .optional(),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(2000, 'Notes must be at most 2000 characters')
    .optional(),
});
export type UpdateInventoryRequestInput = z.input<typeof updateInventoryRequestInput>;

export const listInventoryRequestsQuery = pageQuery(INVENTORY_PAGE_SIZE_WIDE).extend({
  sortBy: z.enum(['createdAt'], { error: 'sortBy must be createdAt' }).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
  status: z
    .enum(INVENTORY_REQUEST_STATUSES, { error: 'status must be an inventory request status' })
    .optional(),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type ListInventoryRequestsQuery = z.input<typeof listInventoryRequestsQuery>;

export const inventoryRequestDto = z.object({
  id: z.string(),
  inventoryItemId: z.string().nullable(),
  itemName: z.string(),
  unit: z.string(),
  projectId: z.string(),
  projectTitle: z.string(),
  quantityRequested: z.number().int(),
  quantityApproved: z.number().int().nullable(),
  notes: z.string(),
  storeKeeperNotes: z.string().nullable(),
  adminNotes: z.string().nullable(),
  projectLeadNotes: z.string().nullable(),
  /** The requester's name. */
  requestedBy: z.string(),
  requestedById: z.string(),
  status: z.enum(INVENTORY_REQUEST_STATUSES),
  timestamp: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryRequestDto = z.infer<typeof inventoryRequestDto>;

/** A project the user may request stock for. */
export const requestableProjectDto = z.object({ id: z.string(), title: z.string() });

// Answers
export const inventoryListAnswer = okList('items', inventoryItemDto).extend({
  categories: z.array(z.string()),
});
export const inventoryItemAnswer = ok({ item: inventoryItemDto });
export const inventoryCategoriesAnswer = ok({ categories: z.array(z.string()) });
export const stockMovementListAnswer = okList('movements', stockMovementDto);
export const inventoryRequestListAnswer = okList('requests', inventoryRequestDto);
export const inventoryRequestAnswer = ok({
  request: inventoryRequestDto,
  history: z.array(statusHistoryEntryDto),
});
export const requestableProjectsAnswer = ok({ projects: z.array(requestableProjectDto) });

export type InventoryListAnswer = z.output<typeof inventoryListAnswer>;
export type InventoryItemAnswer = z.output<typeof inventoryItemAnswer>;
export type InventoryCategoriesAnswer = z.output<typeof inventoryCategoriesAnswer>;
export type StockMovementListAnswer = z.output<typeof stockMovementListAnswer>;
export type InventoryRequestListAnswer = z.output<typeof inventoryRequestListAnswer>;
export type InventoryRequestAnswer = z.output<typeof inventoryRequestAnswer>;
export type RequestableProjectsAnswer = z.output<typeof requestableProjectsAnswer>;
