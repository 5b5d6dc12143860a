import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WhatsAppEvent } from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import type { WhatsAppStatus } from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { rfqs, vendors } from './procurement.ts';

/**
 * A person's WhatsApp number and what they receive on it. `phone` is set only once verified by a code
 * sent to it; a code being tried is kept as a hash with its number, expiry and wrong tries.
 */
export const whatsappContacts = pgTable('whatsapp_contacts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  pendingPhone: text('pending_phone'),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  codeAttempts: integer('code_attempts').notNull().default(0),
  projectUpdates: boolean('project_updates').notNull().default(false),
  systemAlerts: boolean('system_alerts').notNull().default(false),
  updatedAt: updatedAt(),
});
export type WhatsAppContactRow = typeof whatsappContacts.$inferSelect;

/**
 * Every WhatsApp message sent, once per event and person (`dedupeKey`), with what the delivery reports
 * said of it; an RFQ invitation names its RFQ and vendor, so staff see it beside the invitation.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').$type<WhatsAppEvent>().notNull(),
    toPhone: text('to_phone').notNull(),
    rfqId: uuid('rfq_id').references(() => rfqs.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    waMessageId: text('wa_message_id').unique(),
    status: text('status').$type<WhatsAppStatus>().notNull().default('sending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('whatsapp_messages_rfq_idx').on(t.rfqId)],
);
export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;
