import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every domain's tables share. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Millisecond timestamps, so keyset cursors round-trip exactly through JavaScript dates. */
export const createdAtMs = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Naira with kobo: numeric(15, 2), exact (never a binary float in the database). */
export const money = (name: string) =>
  numeric(name, { precision: 15, scale: 2, mode: 'number' }).notNull().default(0);

/** Whole kobo (bigint), exact; answers carry naira. */
export const kobo = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
