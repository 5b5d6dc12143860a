import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './people.ts';

/** Background jobs, replayable upload answers and the application's own bookkeeping. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public id handed to clients that poll the status of background work. */
    processingId: uuid('processing_id').notNull().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    result: jsonb('result'),
    error: text('error'),
    /** At most one job per key, ever: a period's digest is queued once however many workers try. */
    singletonKey: text('singleton_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('jobs_processing_id_key').on(t.processingId),
    index('jobs_claim_idx').on(t.status, t.runAfter),
    uniqueIndex('jobs_singleton_key').on(t.singletonKey),
  ],
);

export const meta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
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
    /** The process that took the key (its name on the database), to tell a request still running from one that died with it. */
    owner: text('owner'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
export type JobRow = typeof jobs.$inferSelect;

export const MAIL_SEND_STATUSES = ['sending', 'sent'] as const;
export type MailSendStatus = (typeof MAIL_SEND_STATUSES)[number];

/**
 * Each email a mail job sends, marked `sending` before it leaves and `sent` once the mail server took
 * it: a job run again (its worker died, or the mail server failed some sends) never sends to the same
 * recipient twice. Removed with its job.
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Whom it goes to: a person's id, or the address of a single email. */
    recipient: text('recipient').notNull(),
    status: text('status').$type<MailSendStatus>().notNull().default('sending'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.recipient] })],
);
