import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: text('role').notNull(),
    location: text('location').notNull().default(''),
    company: text('company').notNull().default(''),
    bio: text('bio').notNull().default(''),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    /** Set when a user referenced by other records is removed: sign-in refused, history kept. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_active_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deactivatedAt} is null`),
    index('users_role_name_idx').on(t.role, t.name),
    index('users_name_idx').on(t.name),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activities_user_created_idx').on(t.userId, t.createdAt)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public id handed to clients that poll the status of background work. */
    processingId: uuid('processing_id').notNull().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    result: jsonb('result'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('jobs_processing_id_key').on(t.processingId),
    index('jobs_claim_idx').on(t.status, t.runAfter),
  ],
);

export const meta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Millisecond timestamps, so keyset cursors round-trip exactly through JavaScript dates. */
const createdAtMs = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const money = (name: string) =>
  numeric(name, { precision: 15, scale: 2, mode: 'number' }).notNull().default(0);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    category: text('category').notNull(),
    status: text('status').notNull().default('not_started'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    budget: money('budget'),
    spent: money('spent'),
    progress: integer('progress').notNull().default(0),
    projectLeadId: uuid('project_lead_id').references(() => users.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id').references(() => users.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_status_created_idx').on(t.status, t.createdAt, t.id),
    index('projects_category_created_idx').on(t.category, t.createdAt, t.id),
    index('projects_client_created_idx').on(t.clientId, t.createdAt, t.id),
    index('projects_lead_idx').on(t.projectLeadId),
    index('projects_title_trgm_idx').using('gin', sql`${t.title} public.gin_trgm_ops`),
    index('projects_location_trgm_idx').using('gin', sql`${t.location} public.gin_trgm_ops`),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const phases = pgTable(
  'phases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    customLabel: text('custom_label'),
    status: text('status').notNull().default('not_started'),
    progress: integer('progress').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('phases_project_idx').on(t.projectId, t.position),
    uniqueIndex('phases_project_name_key').on(t.projectId, sql`lower(${t.name})`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    phaseId: uuid('phase_id')
      .notNull()
      .references(() => phases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'restrict' }),
    progress: integer('progress').notNull().default(0),
    notes: text('notes'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_phase_idx').on(t.phaseId, t.position),
    index('tasks_project_idx').on(t.projectId),
    index('tasks_assignee_idx').on(t.assignedToId),
  ],
);

/** A site report of one project; a deleted one stays in its thread, shown as deleted. */
export const dailyLogs = pgTable(
  'daily_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's role when they wrote it. */
    authorRole: text('author_role'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull().default('update'),
    isClientVisible: boolean('is_client_visible').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('daily_logs_created_idx').on(t.createdAt, t.id),
    index('daily_logs_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('daily_logs_client_visible_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`${t.isClientVisible}`),
  ],
);

/** A reply to a log, or to another reply (parentReplyId), to any depth. */
export const dailyLogReplies = pgTable(
  'daily_log_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dailyLogId: uuid('daily_log_id')
      .notNull()
      .references(() => dailyLogs.id, { onDelete: 'cascade' }),
    parentReplyId: uuid('parent_reply_id').references((): AnyPgColumn => dailyLogReplies.id, {
      onDelete: 'cascade',
    }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role'),
    message: text('message').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('daily_log_replies_log_idx').on(t.dailyLogId, t.createdAt, t.id),
    index('daily_log_replies_parent_idx').on(t.parentReplyId),
  ],
);

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    phaseId: uuid('phase_id').references(() => phases.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    dailyLogId: uuid('daily_log_id').references(() => dailyLogs.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => dailyLogReplies.id, { onDelete: 'cascade' }),
    /** What the file belongs to: task, log, reply or (project) media. */
    kind: text('kind').notNull().default('task'),
    /** image, video or document, from the file's content. */
    mediaType: text('media_type').notNull().default('document'),
    description: text('description'),
    isClientVisible: boolean('is_client_visible').notNull().default(false),
    failureReason: text('failure_reason'),
    /** The background job that makes its variants, while there is one. */
    processingId: uuid('processing_id'),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('ready'),
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    duration: real('duration'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('attachments_task_idx').on(t.taskId),
    index('attachments_project_idx').on(t.projectId),
    index('attachments_log_idx').on(t.dailyLogId),
    index('attachments_reply_idx').on(t.replyId),
    index('attachments_media_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.kind} = 'media'`),
    index('attachments_media_project_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`${t.kind} = 'media'`),
    index('attachments_media_type_idx')
      .on(t.projectId, t.mediaType, t.createdAt, t.id)
      .where(sql`${t.kind} = 'media'`),
  ],
);

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  link: text('link'),
  projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  recipientRoles: text('recipient_roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  recipientUsers: uuid('recipient_users')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  createdAt: createdAtMs(),
});

/** One row per person a notification reaches, with that person's read state. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtMs(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId] }),
    index('notification_recipients_feed_idx').on(t.userId, t.createdAt, t.notificationId),
    index('notification_recipients_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notification_recipients_notification_idx').on(t.notificationId),
  ],
);

/**
 * Each person's notification totals, kept by triggers on notification_recipients in the same
 * statement as every insert, read change and delete (cascades included).
 */
export const notificationCounters = pgTable('notification_counters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  unread: integer('unread').notNull().default(0),
});

/**
 * Answers to uploads sent with an Idempotency-Key: a retry after a dropped connection gets the first
 * answer instead of a second copy. Kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The method and route it was used on; the same key elsewhere is refused. */
    scope: text('scope').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type PhaseRow = typeof phases.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type DailyLogRow = typeof dailyLogs.$inferSelect;
export type DailyLogReplyRow = typeof dailyLogReplies.$inferSelect;
