import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { ACTIVITY_TYPES } from '@trowel/shared/users/user.schemas.ts';
import { createdAt, updatedAt } from './columns.ts';

/** People: accounts, their sessions and sign-in throttling, and what they did. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
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
    // The people lists' order (name, then id) among active people: a page is read from a key onwards,
    // and the role, in the index too, lets counts and page positions read the index alone.
    index('users_active_name_idx')
      .on(t.name, t.id, t.role)
      .where(sql`${t.deactivatedAt} is null`),
    index('users_active_role_name_idx')
      .on(t.role, t.name, t.id)
      .where(sql`${t.deactivatedAt} is null`),
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
    type: text('type').$type<(typeof ACTIVITY_TYPES)[number]>().notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activities_user_created_idx').on(t.userId, t.createdAt)],
);
export type UserRow = typeof users.$inferSelect;
