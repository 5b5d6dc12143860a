import { z } from 'zod';
import { COST_CATEGORIES, DEFAULT_COST_CATEGORY } from '../costs/cost-categories.ts';
import { costCategoryField } from '../costs/cost.schemas.ts';
import { listedNegotiationDto, negotiationDto } from '../negotiations/negotiation.schemas.ts';
import { purchaseOrderSummaryDto } from '../purchase-orders/purchase-order.schemas.ts';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { ok, okList } from '../http/envelope.ts';
import { jsonField } from '../http/json-field.ts';
import { pageQuery } from '../http/pagination.ts';
import { VENDOR_STATUSES } from './vendor.constants.ts';
import { sealedFields } from './sealed-bids.ts';
import { roleSchema } from '../users/user.schemas.ts';
import { RFQ_STATUSES } from './rfq.machine.ts';
import { VENDOR_RFQ_STATUSES } from './rfq.labels.ts';
import { calendarDate } from '../format/calendar-date.ts';
import { hasKoboPrecision, MAX_AMOUNT } from '../money/kobo.ts';
import { hasQuantityPrecision, MAX_QUANTITY } from '../money/line-total.ts';

/** Texts of spec 3 §5 and §8.2, verbatim. */
export const RFQ_MESSAGES = {
  priceDecimals: 'Prices have at most two decimals',
  requiredFields: 'Please fill in all required fields.',
  unitPricesRequired: 'Please provide unit prices for all items.',
  loadListFailed: 'Failed to load RFQs. Please try again.',
  createFailed: 'Failed to create RFQ. Please try again.',
  loadDetailFailed: 'Failed to load RFQ details.',
  vendorLoadDetailFailed: 'Failed to Load RFQ details',
  vendorLoadTitle: 'Failed to Load RFQ',
  vendorListTitle: 'Failed to Load RFQs',
  statusFailed: 'Failed to update RFQ status.',
  responseFailed: 'Failed to submit vendor response.',
  notFound: 'RFQ Not Found',
  notFoundDetail: "The requested RFQ could not be found or you don't have access to it.",
  submissionFailed: 'Submission Failed',
  submitFallback: 'Failed to submit response. Please try again.',
  submitted: 'Response Submitted',
  submittedDetail: 'Your quotation has been submitted successfully.',
  validationTitle: 'Validation Error',
  inactiveVendor: 'Only active vendors can be sent RFQs',
  unknownVendor: 'One of the chosen vendors does not exist',
  reasonForOtherVendor: 'Give a reason for approving a vendor other than the one recommended.',
} as const;

const MAX_ITEMS = 500;
const MAX_VENDORS = 50;

const positiveQuantity = z.coerce
  .number({ error: RFQ_MESSAGES.requiredFields })
  .refine(Number.isFinite, RFQ_MESSAGES.requiredFields)
  .refine((value) => value > 0, 'Quantity must be greater than 0')
  .refine((value) => value <= MAX_QUANTITY, 'Quantity is too large')
  .refine(hasQuantityPrecision, 'Quantity has at most 3 decimals');

export const rfqItemInput = z.object({
  name: z
    .string({ error: RFQ_MESSAGES.requiredFields })
    .trim()
    .min(1, RFQ_MESSAGES.requiredFields)
    .max(200, 'Item names must be at most 200 characters'),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => value ?? ''),
  quantity: positiveQuantity,
  unit: z
    .string({ error: RFQ_MESSAGES.requiredFields })
    .trim()
    .min(1, RFQ_MESSAGES.requiredFields)
    .max(40, 'Units must be at most 40 characters'),
});
export type RfqItemInput = z.input<typeof rfqItemInput>;

const dateOnly = calendarDate('dueDate must be a date (YYYY-MM-DD)');

const rfqItems = z
  .array(rfqItemInput, { error: RFQ_MESSAGES.requiredFields })
  .min(1, RFQ_MESSAGES.requiredFields)
  .max(MAX_ITEMS, `At most ${MAX_ITEMS} items`);
const rfqVendorIds = z
  .array(z.uuid({ error: RFQ_MESSAGES.unknownVendor }), { error: RFQ_MESSAGES.requiredFields })
  .min(1, RFQ_MESSAGES.requiredFields)
  .max(MAX_VENDORS, `At most ${MAX_VENDORS} vendors`)
  .transform((ids) => [...new Set(ids)]);

/** A new RFQ as its form holds it; POST /rfqs sends it as `createRfqFields`. */
export const createRfqInput = z.object({
  title: z
    .string({ error: RFQ_MESSAGES.requiredFields })
    .trim()
    .min(1, RFQ_MESSAGES.requiredFields)
    .max(200, 'Title must be at most 200 characters'),
  description: z
    .string()
    .trim()
    .max(5000, 'Description must be at most 5000 characters')
    .nullish()
    .transform((value) => value ?? ''),
  projectId: z
    .union([z.literal(''), z.literal('null'), z.uuid({ error: 'projectId must be a valid id' })])
    .nullish()
    .transform((value) => (value && value !== 'null' ? value : null)),
  dueDate: z
    .union([z.literal(''), dateOnly])
    .nullish()
    .transform((value) => value || null),
  /** What its purchase order's cost counts as on the project (materials unless chosen). */
  costCategory: costCategoryField('costCategory').optional().default(DEFAULT_COST_CATEGORY),
  /** Vendors bid blind until `bidDeadline`; the bids are opened together (`sealed-bids.ts`). */
  ...sealedFields,
  items: rfqItems,
  vendorIds: rfqVendorIds,
});
export type CreateRfqInput = z.input<typeof createRfqInput>;

/** PUT /rfqs/{id}: before it is sent to vendors, its title, description, due date, and whether it is sealed. */
export const updateRfqInput = createRfqInput
  .pick({ title: true, description: true, dueDate: true, sealed: true, bidDeadline: true })
  .partial();
export type UpdateRfqInput = z.output<typeof updateRfqInput>;

/** POST /rfqs (multipart): items and vendorIds are JSON texts; attachments are files. */
export const createRfqFields = createRfqInput.extend({
  items: jsonField(rfqItems, RFQ_MESSAGES.requiredFields),
  vendorIds: jsonField(rfqVendorIds, RFQ_MESSAGES.requiredFields),
});
export type CreateRfqValues = z.output<typeof createRfqFields>;

const unitPrice = z
  .number({ error: RFQ_MESSAGES.unitPricesRequired })
  .refine((value) => Number.isFinite(value) && value > 0, RFQ_MESSAGES.unitPricesRequired)
  .refine((value) => value <= MAX_AMOUNT, 'Unit price is too large')
  .refine(hasKoboPrecision, RFQ_MESSAGES.priceDecimals);

export const vendorResponseItemInput = z.object({
  itemId: z.uuid({ error: 'itemId must be a valid id' }),
  unitPrice: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    unitPrice,
  ),
  /** Recomputed on the server; what the client sent is ignored. */
  totalPrice: z.unknown().optional(),
  notes: z
    .string()
    .trim()
    .max(1000, 'Item notes must be at most 1000 characters')
    .nullish()
    .transform((value) => value ?? ''),
});

const vendorResponseItems = z
  .array(vendorResponseItemInput, { error: RFQ_MESSAGES.unitPricesRequired })
  .max(MAX_ITEMS);

/** A vendor's quote as its form holds it; POST /rfqs/{id}/responses sends it as `vendorResponseFields`. */
export const vendorResponseInput = z.object({
  items: vendorResponseItems,
  totalAmount: z.unknown().optional(),
  notes: z
    .string()
    .trim()
    .max(5000, 'Notes must be at most 5000 characters')
    .nullish()
    .transform((value) => value ?? ''),
});

/** POST /rfqs/{id}/responses (multipart, or JSON without files): totals are recomputed on the server. */
export const vendorResponseFields = vendorResponseInput.extend({
  items: jsonField(vendorResponseItems, RFQ_MESSAGES.unitPricesRequired),
});
export type VendorResponseValues = z.output<typeof vendorResponseFields>;

/** The vendor's quote while it is being written (before sending). */
export interface VendorResponseDraft {
  vendorId: string;
  items: Array<{
    itemId: string;
    name: string;
    quantity: number;
    unit: string;
    unitPrice: number | null;
    totalPrice: number;
    notes: string;
  }>;
  totalAmount: number;
  notes: string;
}

/** PUT /rfqs/{id}/status */
export const rfqStatusInput = z.strictObject({
  status: z.enum(RFQ_STATUSES, { error: 'status is not a known RFQ status' }),
  notes: z
    .string()
    .trim()
    .max(2000, 'Notes must be at most 2000 characters')
    .nullish()
    .transform((value) => value || null),
  vendorId: z
    .union([z.literal(''), z.uuid({ error: 'vendorId must be a valid id' })])
    .nullish()
    .transform((value) => value || null),
});
export type RfqStatusInput = z.input<typeof rfqStatusInput>;

export const listRfqsQuery = pageQuery(12).extend({
  status: z.enum(RFQ_STATUSES, { error: 'status is not a known RFQ status' }).optional(),
  projectId: z.uuid({ error: 'projectId must be a valid id' }).optional(),
  vendorId: z.uuid({ error: 'vendorId must be a valid id' }).optional(),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type ListRfqsQuery = z.input<typeof listRfqsQuery>;

/** The vendor's list filters (spec 3 §2.5): All, Action Required, Submitted. */
export const VENDOR_RFQ_FILTERS = ['all', 'action_required', 'submitted'] as const;
export type VendorRfqFilter = (typeof VENDOR_RFQ_FILTERS)[number];

export const myRfqsQuery = pageQuery(12).extend({
  filter: z
    .enum(VENDOR_RFQ_FILTERS, { error: 'filter must be all, action_required or submitted' })
    .default('all'),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type MyRfqsQuery = z.input<typeof myRfqsQuery>;

export const comparisonQuery = z.object({
  sort: z.enum(['total', 'name'], { error: 'sort must be total or name' }).default('total'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('asc'),
});
export type ComparisonQuery = z.input<typeof comparisonQuery>;

// Answers

const projectRef = z.object({ id: z.string(), title: z.string() }).nullable();
const personRef = z.object({ id: z.string(), name: z.string() }).nullable();

export const rfqItemDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
});
export type RfqItemDto = z.infer<typeof rfqItemDto>;

export const vendorResponseItemDto = z.object({
  itemId: z.string(),
  item: z.object({ name: z.string(), description: z.string(), quantity: z.number(), unit: z.string() }),
  unitPrice: z.number(),
  totalPrice: z.number(),
  notes: z.string(),
});

export const VENDOR_RESPONSE_STATUSES = ['submitted', 'selected', 'not_selected'] as const;
export type VendorResponseStatus = (typeof VENDOR_RESPONSE_STATUSES)[number];

export const vendorResponseDto = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** Null while the bid is sealed (its lines are empty then too). */
  totalAmount: z.number().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(VENDOR_RESPONSE_STATUSES),
  notes: z.string(),
  /** Submitted after the RFQ's due date. */
  isLate: z.boolean(),
  attachments: z.array(attachmentDto),
  items: z.array(vendorResponseItemDto),
});
export type VendorResponseDto = z.infer<typeof vendorResponseDto>;

export const rfqVendorDto = z.object({
  vendorId: z.string(),
  vendor: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    contactPerson: z.string(),
    phone: z.string(),
    status: z.enum(VENDOR_STATUSES),
  }),
  invitedAt: z.string(),
  hasResponded: z.boolean(),
});

export const rfqHistoryDto = z.object({
  id: z.string(),
  action: z.string(),
  user: z.object({ name: z.string() }).nullable(),
  performedAt: z.string(),
  description: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
});
export type RfqHistoryEntry = z.infer<typeof rfqHistoryDto>;

const rfqBase = {
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  projectId: z.string().nullable(),
  project: projectRef,
  status: z.enum(RFQ_STATUSES),
  createdBy: personRef,
  createdAt: z.string(),
  dueDate: z.string().nullable(),
  /** Sealed bids: blind until `bidDeadline`, prices hidden from everyone until `openedAt`. */
  sealed: z.boolean(),
  bidDeadline: z.string().nullable(),
  openedAt: z.string().nullable(),
};

/** Who confirmed the opening of sealed bids, and when. */
export const rfqOpeningDto = z.object({
  by: z.object({ id: z.string(), name: z.string() }),
  role: roleSchema,
  at: z.string(),
});

/** The staff's RFQ: every vendor invited, every response, the history. */
export const rfqDto = z.object({
  ...rfqBase,
  costCategory: z.enum(COST_CATEGORIES),
  openings: z.array(rfqOpeningDto),
  updatedAt: z.string(),
  items: z.array(rfqItemDto),
  vendors: z.array(rfqVendorDto),
  responses: z.array(vendorResponseDto),
  attachments: z.array(attachmentDto),
  history: z.array(rfqHistoryDto),
  selectedVendorId: z.string().nullable(),
  recommendedVendorId: z.string().nullable(),
  /** Every negotiation with every vendor, oldest first; items on the latest round with each vendor. */
  negotiations: z.array(listedNegotiationDto),
  /** The purchase order, once the RFQ is approved. */
  purchaseOrder: purchaseOrderSummaryDto.nullable(),
});
export type RfqDto = z.infer<typeof rfqDto>;

export const rfqSummaryDto = z.object({
  ...rfqBase,
  itemCount: z.number().int(),
  vendorCount: z.number().int(),
  responseCount: z.number().int(),
  selectedVendorId: z.string().nullable(),
});
export type RfqSummary = z.infer<typeof rfqSummaryDto>;

/** An RFQ in the vendor's list: their own quote total only; the status as they are shown it. */
export const vendorRfqSummaryDto = z.object({
  ...rfqBase,
  status: z.enum(VENDOR_RFQ_STATUSES),
  statusLabel: z.string(),
  itemCount: z.number().int(),
  /** The vendor's own quote total, null before they quote. */
  totalAmount: z.number().nullable(),
  hasResponded: z.boolean(),
});
export type VendorRfqSummary = z.infer<typeof vendorRfqSummaryDto>;

/** What a vendor sees of an RFQ: it, its items and files, and their own response; nobody else's. */
export const vendorRfqDto = z.object({
  ...rfqBase,
  /** As they are shown it: 'approved' when they won, 'not_selected' when another vendor did. */
  status: z.enum(VENDOR_RFQ_STATUSES),
  statusLabel: z.string(),
  items: z.array(rfqItemDto),
  attachments: z.array(attachmentDto),
  /** Their own response, or null. */
  response: vendorResponseDto.nullable(),
  /** Their own response as a list (spec: the vendor's response is found among the responses). */
  responses: z.array(vendorResponseDto),
  /** Set only when this vendor was selected. */
  selectedVendorId: z.string().nullable(),
  isSelected: z.boolean(),
  totalAmount: z.number().nullable(),
  /** Whether they may submit or update their quote now. */
  canQuote: z.boolean(),
  /** Their own negotiations only, oldest first. */
  negotiations: z.array(negotiationDto),
  /** The purchase order awarded to them, if they were selected. */
  purchaseOrder: purchaseOrderSummaryDto.nullable(),
});
export type VendorRfqDto = z.infer<typeof vendorRfqDto>;

export const rfqStatsDto = z.object({
  total: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  open: z.number().int(),
  awaitingApproval: z.number().int(),
  responsesReceived: z.number().int(),
});
export type RfqStats = z.infer<typeof rfqStatsDto>;

export const comparisonVendorDto = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  totalAmount: z.number(),
  isLowest: z.boolean(),
  differenceFromLowest: z.number(),
  percentAboveLowest: z.number(),
  submittedAt: z.string(),
  isLate: z.boolean(),
  missingItems: z.number().int(),
});
export const comparisonCellDto = z.object({
  vendorId: z.string(),
  unitPrice: z.number().nullable(),
  totalPrice: z.number().nullable(),
  isLowest: z.boolean(),
  missing: z.boolean(),
});
export const comparisonRowDto = z.object({
  itemId: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  lowestUnitPrice: z.number().nullable(),
  cells: z.array(comparisonCellDto),
});
export const comparisonDto = z.object({
  rfqId: z.string(),
  number: z.number().int(),
  lowestTotal: z.number().nullable(),
  vendors: z.array(comparisonVendorDto),
  rows: z.array(comparisonRowDto),
  /** Invited vendors who have not quoted. */
  awaiting: z.array(z.object({ vendorId: z.string(), vendorName: z.string() })),
});
export type ComparisonDto = z.infer<typeof comparisonDto>;

export const rfqAnswer = ok({ rfq: rfqDto });
export const rfqCreatedAnswer = ok({ rfq: rfqDto, message: z.string() });
export const rfqListAnswer = okList('rfqs', rfqSummaryDto);
export const vendorRfqAnswer = ok({ rfq: vendorRfqDto });
export const vendorRfqListAnswer = okList('rfqs', vendorRfqSummaryDto);
export const rfqStatsAnswer = ok({ stats: rfqStatsDto });
export const comparisonAnswer = ok({ comparison: comparisonDto });
export const vendorResponseAnswer = ok({ response: vendorResponseDto, message: z.string() });
/** GET /rfqs/{id}: the staff's view, or the vendor's. */
export const anyRfqAnswer = ok({ rfq: z.union([rfqDto, vendorRfqDto]) });

export type RfqAnswer = z.output<typeof rfqAnswer>;
export type RfqListAnswer = z.output<typeof rfqListAnswer>;
export type VendorRfqAnswer = z.output<typeof vendorRfqAnswer>;
export type VendorRfqListAnswer = z.output<typeof vendorRfqListAnswer>;
export type RfqStatsAnswer = z.output<typeof rfqStatsAnswer>;
export type ComparisonAnswer = z.output<typeof comparisonAnswer>;
export type VendorResponseAnswer = z.output<typeof vendorResponseAnswer>;
