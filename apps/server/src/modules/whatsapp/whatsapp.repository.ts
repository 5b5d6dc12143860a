import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { WhatsAppStatus } from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import type { WhatsAppEvent } from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import type { Db } from '../../db/client.ts';
import { whatsappContacts, whatsappMessages, type WhatsAppContactRow } from '../../db/schema.ts';

export interface NewWhatsAppMessage {
  dedupeKey: string;
  userId: string | null;
  event: WhatsAppEvent;
  toPhone: string;
  rfqId?: string | null;
  vendorId?: string | null;
}

/** The order of delivery reports: a report never takes a message back (read stays read). */
const STATUS_RANK = sql`case status when 'sending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`;
const RANK_OF = { sending: 0, sent: 1, delivered: 2, read: 3, failed: 4 } as const satisfies Record<
  WhatsAppStatus,
  number
>;

/** People's WhatsApp numbers and choices, and the messages sent with their delivery reports. */
export function whatsappRepository(db: Db) {
  return {
    async contact(userId: string): Promise<WhatsAppContactRow | null> {
      const [row] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.userId, userId));
      return row ?? null;
    },

    /** Saves a new code for a number (its hash), resetting the wrong tries; the verified number stays. */
    async saveCode(userId: string, pendingPhone: string, codeHash: string, codeExpiresAt: Date) {
      const fields = { pendingPhone, codeHash, codeExpiresAt, codeAttempts: 0, updatedAt: sql`now()` };
      await db
        .insert(whatsappContacts)
        .values({ userId, ...fields })
        .onConflictDoUpdate({ target: whatsappContacts.userId, set: fields });
    },

    /** Counts one wrong try; answers the tries made. */
    async countWrongCode(userId: string): Promise<number> {
      const [row] = await db
        .update(whatsappContacts)
        .set({ codeAttempts: sql`${whatsappContacts.codeAttempts} + 1` })
        .where(eq(whatsappContacts.userId, userId))
        .returning({ attempts: whatsappContacts.codeAttempts });
      return row?.attempts ?? 0;
    },

    /** The pending number becomes the verified one (project updates on, as choosing WhatsApp means). */
    async verify(userId: string, phone: string, firstTime: boolean) {
      await db
        .update(whatsappContacts)
        .set({
          phone,
          verifiedAt: sql`now()`,
          pendingPhone: null,
          codeHash: null,
          codeExpiresAt: null,
          codeAttempts: 0,
          ...(firstTime ? { projectUpdates: true } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(whatsappContacts.userId, userId));
    },

    async saveCategories(userId: string, categories: { projectUpdates?: boolean; systemAlerts?: boolean }) {
      await db
        .update(whatsappContacts)
        .set({ ...categories, updatedAt: sql`now()` })
        .where(eq(whatsappContacts.userId, userId));
    },

    /** Forgets the number: nothing is sent on WhatsApp to this person any more. */
    async remove(userId: string) {
      await db.delete(whatsappContacts).where(eq(whatsappContacts.userId, userId));
    },

    /** The verified numbers of these people, by person. */
    async verifiedPhones(userIds: readonly string[]): Promise<Map<string, WhatsAppContactRow>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(whatsappContacts)
        .where(and(inArray(whatsappContacts.userId, [...userIds]), isNotNull(whatsappContacts.phone)));
      return new Map(rows.map((row) => [row.userId, row]));
    },

    /**
     * Marks a message as being sent, once per key: answers 'new' when this call made the mark,
     * else the status of the message already there (sent before, or being sent by a run that died).
     */
    async markSending(message: NewWhatsAppMessage): Promise<'new' | WhatsAppStatus> {
      const [inserted] = await db
        .insert(whatsappMessages)
        .values(message)
        .onConflictDoNothing({ target: whatsappMessages.dedupeKey })
        .returning({ id: whatsappMessages.id });
      if (inserted) return 'new';
      const [existing] = await db
        .select({ status: whatsappMessages.status })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.dedupeKey, message.dedupeKey));
      return existing?.status ?? 'sending';
    },

    /** Removes the mark of a send that failed, so the next attempt sends it. */
    async unmarkSending(dedupeKey: string) {
      await db
        .delete(whatsappMessages)
        .where(and(eq(whatsappMessages.dedupeKey, dedupeKey), eq(whatsappMessages.status, 'sending')));
    },

    async markSent(dedupeKey: string, waMessageId: string) {
      await db
        .update(whatsappMessages)
        .set({ waMessageId, status: 'sent', sentAt: sql`now()` })
        .where(eq(whatsappMessages.dedupeKey, dedupeKey));
    },

    /** A send that failed for good, kept so staff see it. */
    async markFailed(dedupeKey: string, error: string) {
      await db
        .update(whatsappMessages)
        .set({ status: 'failed', failedAt: sql`now()`, error })
        .where(eq(whatsappMessages.dedupeKey, dedupeKey));
    },

    /** Records a delivery report on the message it names; answers whether one was found. */
    async recordStatus(
      waMessageId: string,
      status: Exclude<WhatsAppStatus, 'sending'>,
      at: Date,
      error: string | null,
    ) {
      const column = {
        sent: 'sentAt',
        delivered: 'deliveredAt',
        read: 'readAt',
        failed: 'failedAt',
      } as const;
      const rows = await db
        .update(whatsappMessages)
        .set({
          [column[status]]: at,
          status: sql`case when ${STATUS_RANK} < ${RANK_OF[status]} then ${status} else ${whatsappMessages.status} end`,
          ...(error ? { error } : {}),
        })
        .where(eq(whatsappMessages.waMessageId, waMessageId))
        .returning({ id: whatsappMessages.id });
      return rows.length > 0;
    },

    /** The WhatsApp invitations of an RFQ, one per vendor. */
    async rfqInvitations(rfqId: string) {
      return db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.rfqId, rfqId), eq(whatsappMessages.event, 'rfq_invitation')));
    },
  };
}

export type WhatsAppRepository = ReturnType<typeof whatsappRepository>;
