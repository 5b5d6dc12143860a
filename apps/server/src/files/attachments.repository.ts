import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { Db } from '../db/client.ts';
import { attachments, projects, type AttachmentRow } from '../db/schema.ts';
import { visibleTo } from '../db/visibility.ts';

export type NewAttachment = typeof attachments.$inferInsert;

/** Every stored file of logs, replies and project media (task files share the table). */
export function attachmentsRepository(db: Db) {
  return {
    async insertMany(values: NewAttachment[]): Promise<AttachmentRow[]> {
      if (values.length === 0) return [];
      return db.insert(attachments).values(values).returning();
    },

    async find(id: string): Promise<AttachmentRow | null> {
      const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
      return row ?? null;
    },

    /** Whether a file's project is one the viewer sees (the shared project scope); false without one. */
    async onVisibleProject(viewer: Actor, file: Pick<AttachmentRow, 'projectId'>): Promise<boolean> {
      if (!file.projectId) return false;
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, file.projectId), visibleTo(viewer)))
        .limit(1);
      return Boolean(row);
    },

    /** Removes rows and answers every storage key they held (original and variants), to delete after commit. */
    async deleteWhere(owner: { id?: string; dailyLogId?: string; replyId?: string }): Promise<string[]> {
      const condition = owner.id
        ? eq(attachments.id, owner.id)
        : owner.dailyLogId
          ? eq(attachments.dailyLogId, owner.dailyLogId)
          : eq(attachments.replyId, owner.replyId!);
      const rows = await db
        .delete(attachments)
        .where(condition)
        .returning({ key: attachments.storageKey, variants: attachments.variants });
      return rows.flatMap((row) => [row.key, ...Object.values(row.variants ?? {})]);
    },

    /** Whether the project's client sees the file; the row as saved, or null when it is gone. */
    async setClientVisible(id: string, isClientVisible: boolean): Promise<AttachmentRow | null> {
      const [row] = await db
        .update(attachments)
        .set({ isClientVisible })
        .where(eq(attachments.id, id))
        .returning();
      return row ?? null;
    },

    async setProcessingId(id: string, processingId: string) {
      await db.update(attachments).set({ processingId }).where(eq(attachments.id, id));
    },

    /** Records the variants of a file still being processed; false when it was deleted meanwhile. */
    async markReady(id: string, variants: Record<string, string>, duration: number | null) {
      const rows = await db
        .update(attachments)
        .set({ status: 'ready', variants, duration, failureReason: null })
        .where(and(eq(attachments.id, id), eq(attachments.status, 'processing')))
        .returning({ id: attachments.id });
      return rows.length > 0;
    },

    async markFailed(id: string, reason: string) {
      await db
        .update(attachments)
        .set({ status: 'failed', failureReason: reason.slice(0, 500) })
        .where(and(eq(attachments.id, id), eq(attachments.status, 'processing')));
    },

    /** How many files are waiting for their variants. */
    async countProcessing() {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(attachments)
        .where(eq(attachments.status, 'processing'));
      return Number(row?.total ?? 0);
    },
  };
}

export type AttachmentsRepository = ReturnType<typeof attachmentsRepository>;
