import { z } from 'zod';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { pastCalendarDate } from '../format/calendar-date.ts';
import { ok, okList } from '../http/envelope.ts';
import { jsonField } from '../http/json-field.ts';
import { pageQuery } from '../http/pagination.ts';
import { hasKoboPrecision, MAX_AMOUNT } from '../money/kobo.ts';
import { hasQuantityPrecision, MAX_QUANTITY } from '../money/line-total.ts';
import { statusHistoryEntryDto } from '../workflow/history.schemas.ts';
import { DIFFERENCE_KINDS } from './invoice-match.ts';
import { INVOICE_STATUSES, MATCH_STATUSES } from './invoice.machine.ts';

/** The texts of invoices and payments, for the server's answers and the screens. */
export const INVOICE_MESSAGES = {
  disputedAwaitsAdmin:
    'It does not match the order: only the administrator may approve it. You may reject it, saying why.',
  rejectConfirm:
    'A rejected invoice is closed for good: the vendor sends a new one. Your remarks go with it.',
  numberRequired: 'Invoice number is required.',
  dateRequired: 'Invoice date is required (YYYY-MM-DD).',
  dateInvalid: 'Invoice date must be a date (YYYY-MM-DD).',
  itemsRequired: 'List at least one line of the invoice.',
  itemTwice: 'Each line of the order may appear once on an invoice.',
  quantity: 'Quantity must be greater than 0, with at most three decimals.',
  unitPrice: 'Unit price must be an amount of naira (two decimals at most).',
  vatAmount: 'VAT must be an amount of naira (two decimals at most).',
  vatRule: (vat: string) => `VAT is 7.5% of the lines' total (${vat}) where charged, or 0.`,
  duplicateNumber: 'This vendor already has an invoice with that number.',
  orderNotInvoiceable: 'Invoices are recorded against issued, received or partially received orders.',
  reasonRequired: 'Give a reason for approving an invoice that does not match its order.',
  remarksTooLong: 'Remarks must be at most 1000 characters.',
  amount: 'Amount must be greater than 0, in naira with two decimals at most.',
  paidOnRequired: 'Payment date is required (YYYY-MM-DD).',
  paidOnInvalid: 'Payment date must be a date (YYYY-MM-DD).',
  paidOnFuture: 'Payment date cannot be in the future.',
  paidBeforeInvoice: 'Payment date cannot be before the invoice date.',
  dateFuture: 'Invoice date cannot be in the future.',
  method: 'Method must be bank transfer, cheque or cash.',
  overpaid: (outstanding: string) => `The payment is more than what is still owed (${outstanding}).`,
  recorded: 'Invoice recorded',
  recordFailed: 'Failed to record the invoice. Please try again.',
  loadFailed: 'Failed to load invoices.',
  none: 'No invoices yet.',
} as const;

const MAX_LINES = 500;

const naira = (message: string, positive: boolean) =>
  z.coerce
    .number({ error: message })
    .refine(Number.isFinite, message)
    .refine((value) => (positive ? value > 0 : value >= 0), message)
    .refine((value) => value <= MAX_AMOUNT, 'Amount is too large')
    .refine(hasKoboPrecision, message);

export const invoiceItemInput = z.object({
  itemId: z.uuid({ error: 'itemId must be a valid id' }),
  quantity: z.coerce
    .number({ error: INVOICE_MESSAGES.quantity })
    .refine((value) => Number.isFinite(value) && value > 0, INVOICE_MESSAGES.quantity)
    .refine((value) => value <= MAX_QUANTITY, 'Quantity is too large')
    .refine(hasQuantityPrecision, INVOICE_MESSAGES.quantity),
  unitPrice: naira(INVOICE_MESSAGES.unitPrice, false),
});

const invoiceItems = z
  .array(invoiceItemInput, { error: INVOICE_MESSAGES.itemsRequired })
  .min(1, INVOICE_MESSAGES.itemsRequired)
  .max(MAX_LINES, `At most ${MAX_LINES} lines`)
  .refine(
    (lines) => new Set(lines.map((line) => line.itemId)).size === lines.length,
    INVOICE_MESSAGES.itemTwice,
  );

/** POST /purchase-orders/{id}/invoices as JSON. */
export const createInvoiceInput = z.object({
  invoiceNumber: z
    .string({ error: INVOICE_MESSAGES.numberRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.numberRequired)
    .max(100, 'Invoice number must be at most 100 characters'),
  invoiceDate: pastCalendarDate(
    INVOICE_MESSAGES.dateInvalid,
    INVOICE_MESSAGES.dateRequired,
    INVOICE_MESSAGES.dateFuture,
  ),
  items: invoiceItems,
  vatAmount: naira(INVOICE_MESSAGES.vatAmount, false).optional().default(0),
});
export type CreateInvoiceInput = z.input<typeof createInvoiceInput>;
export type CreateInvoiceValues = z.output<typeof createInvoiceInput>;

/** The same call as multipart: `items` is a JSON text, the invoice's file comes in `files`. */
export const createInvoiceFields = createInvoiceInput.extend({
  items: jsonField(invoiceItems, INVOICE_MESSAGES.itemsRequired),
});

const remarks = z
  .string()
  .trim()
  .max(1000, INVOICE_MESSAGES.remarksTooLong)
  .nullish()
  .transform((value) => value || null);

/** POST /invoices/{id}/approve and /reject. */
export const invoiceDecisionInput = z.object({ remarks });

export const PAYMENT_METHODS = ['bank_transfer', 'cheque', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  cash: 'Cash',
} as const satisfies Record<PaymentMethod, string>;

/** POST /invoices/{id}/payments. */
export const createPaymentInput = z.object({
  amount: naira(INVOICE_MESSAGES.amount, true),
  paidOn: pastCalendarDate(
    INVOICE_MESSAGES.paidOnInvalid,
    INVOICE_MESSAGES.paidOnRequired,
    INVOICE_MESSAGES.paidOnFuture,
  ),
  method: z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.method }),
  reference: z
    .string()
    .trim()
    .max(100, 'Reference must be at most 100 characters')
    .nullish()
    .transform((value) => value || null),
});
export type CreatePaymentInput = z.input<typeof createPaymentInput>;
export type CreatePaymentValues = z.output<typeof createPaymentInput>;

export const listInvoicesQuery = pageQuery(12).extend({
  status: z.enum(INVOICE_STATUSES, { error: 'Unknown invoice status' }).optional(),
  vendorId: z.uuid({ error: 'vendorId must be a vendor id' }).optional(),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
  /** The invoices of one purchase order (its screen lists them). */
  purchaseOrderId: z.uuid({ error: 'purchaseOrderId must be a purchase order id' }).optional(),
});
export type ListInvoicesQuery = z.output<typeof listInvoicesQuery>;

export const differenceDto = z.object({ kind: z.enum(DIFFERENCE_KINDS), message: z.string() });

export const invoiceLineDto = z.object({
  itemId: z.string(),
  /** Null for a line not on the order. */
  name: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  orderedQuantity: z.number().nullable(),
  receivedQuantity: z.number().nullable(),
  agreedUnitPrice: z.number().nullable(),
  differences: z.array(differenceDto),
});
export type InvoiceLine = z.infer<typeof invoiceLineDto>;

export const paymentDto = z.object({
  id: z.string(),
  invoiceId: z.string(),
  amount: z.number(),
  paidOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  recordedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

export const invoiceSummaryDto = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  matchStatus: z.enum(MATCH_STATUSES),
  purchaseOrder: z.object({ id: z.string(), poNumber: z.string() }),
  vendor: z.object({ id: z.string(), name: z.string() }),
  project: z.object({ id: z.string(), title: z.string() }).nullable(),
  subtotal: z.number(),
  vatAmount: z.number(),
  totalAmount: z.number(),
  amountPaid: z.number(),
  outstanding: z.number(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummaryDto>;

/** A vendor's invoice with its three-way match, payments, file and history. */
export const invoiceDto = invoiceSummaryDto.extend({
  items: z.array(invoiceLineDto),
  payments: z.array(paymentDto),
  files: z.array(attachmentDto),
  history: z.array(statusHistoryEntryDto),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

export const invoiceAnswer = ok({ invoice: invoiceDto });
export const invoiceListAnswer = okList('invoices', invoiceSummaryDto);
export const paymentAnswer = ok({ payment: paymentDto, invoice: invoiceDto });
export type InvoiceAnswer = z.output<typeof invoiceAnswer>;
export type InvoiceListAnswer = z.output<typeof invoiceListAnswer>;
export type PaymentAnswer = z.output<typeof paymentAnswer>;
