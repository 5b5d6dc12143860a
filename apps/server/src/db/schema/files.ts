import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AttachmentKind, AttachmentStatus } from '@trowel/shared/files/attachment.schemas.ts';
import type { MediaType } from '@trowel/shared/media/media.schemas.ts';
import { budgets } from './budgets.ts';
import { changeOrders } from './change-orders.ts';
import { createdAtMs } from './columns.ts';
import { dailyLogReplies, dailyLogs } from './daily-logs.ts';
import { users } from './people.ts';
import { phases, projects, tasks } from './projects.ts';
import { rfqs, vendorResponses } from './procurement.ts';
import { vendorInvoices } from './invoices.ts';
import { deliveries } from './stores.ts';

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    phaseId: uuid('phase_id').references(() => phases.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    dailyLogId: uuid('daily_log_id').references(() => dailyLogs.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => dailyLogReplies.id, { onDelete: 'cascade' }),
    rfqId: uuid('rfq_id').references(() => rfqs.id, { onDelete: 'cascade' }),
    /** Set on a vendor's quote files (with rfqId); an RFQ's own files have only rfqId. */
    vendorResponseId: uuid('vendor_response_id').references(() => vendorResponses.id, {
      onDelete: 'cascade',
    }),
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => vendorInvoices.id, { onDelete: 'cascade' }),
    budgetId: uuid('budget_id').references(() => budgets.id, { onDelete: 'cascade' }),
    changeOrderId: uuid('change_order_id').references(() => changeOrders.id, { onDelete: 'cascade' }),
    /** What the file belongs to: task, log, reply, (project) media, budget, an RFQ, a vendor's quote or a change order. */
    kind: text('kind').$type<AttachmentKind>().notNull().default('task'),
    /** image, video or document, from the file's content. */
    mediaType: text('media_type').$type<MediaType>().notNull().default('document'),
    description: text('description'),
    isClientVisible: boolean('is_client_visible').notNull().default(false),
    failureReason: text('failure_reason'),
    /** The background job that makes its variants, while there is one. */
    processingId: uuid('processing_id'),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status').$type<AttachmentStatus>().notNull().default('ready'),
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    duration: real('duration'),
    /** Order within the upload it came in: files are listed in the order they were chosen. */
    position: smallint('position').notNull().default(0),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('attachments_task_idx').on(t.taskId),
    index('attachments_project_idx').on(t.projectId),
    index('attachments_log_idx').on(t.dailyLogId),
    index('attachments_reply_idx').on(t.replyId),
    index('attachments_rfq_idx')
      .on(t.rfqId)
      .where(sql`${t.rfqId} is not null`),
    index('attachments_vendor_response_idx')
      .on(t.vendorResponseId)
      .where(sql`${t.vendorResponseId} is not null`),
    index('attachments_budget_idx').on(t.budgetId),
    index('attachments_change_order_idx')
      .on(t.changeOrderId)
      .where(sql`${t.changeOrderId} is not null`),
    index('attachments_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    index('attachments_delivery_idx')
      .on(t.deliveryId)
      .where(sql`${t.deliveryId} is not null`),
    index('attachments_media_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.kind} = 'media'`),
    index('attachments_media_project_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`${t.kind} = 'media'`),
    index('attachments_media_uploader_idx')
      .on(t.uploadedBy, t.createdAt)
      .where(sql`${t.kind} = 'media'`),
    index('attachments_media_type_idx')
      .on(t.projectId, t.mediaType, t.createdAt, t.id)
      .where(sql`${t.kind} = 'media'`),
  ],
);
export type AttachmentRow = typeof attachments.$inferSelect;

/**
 * A resumable upload (files/upload-sessions.ts): whose it is, what size was announced, and once whole,
 * where the checked file is stored. Its parts wait on disk under DATA_DIR/uploads/{id}; a create that
 * names it takes the stored file and deletes the row in its transaction.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** image, video or document, from the first bytes received. */
    mediaType: text('media_type').$type<MediaType>(),
    mimeType: text('mime_type'),
    /** Where the whole file is stored, once complete. */
    storageKey: text('storage_key'),
    createdAt: createdAtMs(),
    /** The last part received (or the start): the session expires a while after it. */
    touchedAt: timestamp('touched_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('upload_sessions_user_idx').on(t.userId),
    index('upload_sessions_touched_idx').on(t.touchedAt),
  ],
);
export type UploadSessionRow = typeof uploadSessions.$inferSelect;
