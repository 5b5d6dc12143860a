import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { SettingCategory, SettingKey } from '@trowel/shared/settings/settings.schemas.ts';
import { updatedAt } from './columns.ts';
import { users } from './people.ts';

/**
 * The administrator's system settings, one row per saved key (a key never saved has its default from
 * SYSTEM_SETTINGS). Encrypted values are AES-256-GCM boxes sealed with a key derived from APP_SECRET.
 */
export const systemSettings = pgTable('system_settings', {
  key: text('key').$type<SettingKey>().primaryKey(),
  value: text('value').notNull(),
  encrypted: boolean('encrypted').notNull().default(false),
  category: text('category').$type<SettingCategory>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export type SystemSettingRow = typeof systemSettings.$inferSelect;
