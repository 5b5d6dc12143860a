import { and, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { MediaType } from '@trowel/shared/media/media.schemas.ts';
import { UPLOAD_SESSION_TTL_HOURS } from '@trowel/shared/files/upload-session.schemas.ts';
import type { Db } from '../db/client.ts';
import { uploadSessions, type UploadSessionRow } from '../db/schema.ts';

const TTL = sql.raw(`interval '${UPLOAD_SESSION_TTL_HOURS} hours'`);
/** Sessions touched within the time to live: older ones are gone for everyone, before the clean-up. */
const alive = () => gt(uploadSessions.touchedAt, sql`now() - ${TTL}`);

/** Resumable upload sessions: only their owner finds them, and only while they live. */
export function uploadSessionsRepository(db: Db) {
  return {
    async insert(values: { userId: string; fileName: string; size: number }): Promise<UploadSessionRow> {
      const [row] = await db.insert(uploadSessions).values(values).returning();
      return row!;
    },

    /** The caller's live session, or null (someone else's, expired or gone). */
    async findOwned(userId: string, id: string): Promise<UploadSessionRow | null> {
      const [row] = await db
        .select()
        .from(uploadSessions)
        .where(and(eq(uploadSessions.id, id), eq(uploadSessions.userId, userId), alive()))
        .limit(1);
      return row ?? null;
    },

    /** The caller's live sessions among `ids`. */
    async findManyOwned(userId: string, ids: readonly string[]): Promise<UploadSessionRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(uploadSessions)
        .where(and(inArray(uploadSessions.id, [...ids]), eq(uploadSessions.userId, userId), alive()));
    },

    /** How many live sessions the person holds (finished or not, until attached). */
    async countOpen(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(uploadSessions)
        .where(and(eq(uploadSessions.userId, userId), alive()));
      return row?.count ?? 0;
    },

    /** A part arrived: the session lives on, its type once known; false when it was removed meanwhile. */
    async touch(id: string, type?: { mediaType: MediaType; mimeType: string }): Promise<boolean> {
      const rows = await db
        .update(uploadSessions)
        .set({ touchedAt: sql`now()`, ...type })
        .where(eq(uploadSessions.id, id))
        .returning({ id: uploadSessions.id });
      return rows.length > 0;
    },

    async complete(
      id: string,
      file: { storageKey: string; mediaType: MediaType; mimeType: string },
    ): Promise<UploadSessionRow | null> {
      const [row] = await db
        .update(uploadSessions)
        .set({ ...file, touchedAt: sql`now()`, completedAt: sql`now()` })
        .where(eq(uploadSessions.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Hands finished uploads to what they are attached to: their rows go, their stored files now
     * belong to the attachment. Answers the ids taken (fewer than asked when some were gone).
     */
    async take(userId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .delete(uploadSessions)
        .where(
          and(
            inArray(uploadSessions.id, [...ids]),
            eq(uploadSessions.userId, userId),
            isNotNull(uploadSessions.completedAt),
            alive(),
          ),
        )
        .returning({ id: uploadSessions.id });
      return rows.map((row) => row.id);
    },

    /** Removes a session; answers its row (for its parts and stored file), or null. */
    async remove(id: string): Promise<UploadSessionRow | null> {
      const [row] = await db.delete(uploadSessions).where(eq(uploadSessions.id, id)).returning();
      return row ?? null;
    },

    /** Removes sessions nobody touched within the time to live; answers them, for their bytes. */
    async removeExpired(limit = 500): Promise<UploadSessionRow[]> {
      const stale = db
        .select({ id: uploadSessions.id })
        .from(uploadSessions)
        .where(lte(uploadSessions.touchedAt, sql`now() - ${TTL}`))
        .limit(limit);
      return db.delete(uploadSessions).where(inArray(uploadSessions.id, stale)).returning();
    },

    /** Which of these ids still have a row (the clean-up keeps their parts). */
    async existing(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: uploadSessions.id })
        .from(uploadSessions)
        .where(inArray(uploadSessions.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },
  };
}
