import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { MediaType } from '@trowel/shared/media/media.schemas.ts';
import type { Db } from '../../db/client.ts';
import { attachments, projects, users, type AttachmentRow } from '../../db/schema.ts';
import type { ProjectCursor } from '../projects/project-cursor.ts';

export interface MediaFilter {
  projectId?: string | undefined;
  type?: MediaType | undefined;
}

/** Media a user may see: clients the client-visible media of their own projects, vendors none. */
function visibleMedia(actor: Actor): SQL | undefined {
  if (actor.role === 'client') {
    return and(
      eq(attachments.isClientVisible, true),
      inArray(
        attachments.projectId,
        sql`(select ${projects.id} from ${projects} where ${projects.clientId} = ${actor.id})`,
      ),
    );
  }
  return actor.role === 'vendor' ? sql`false` : undefined;
}

function filtered(actor: Actor, filter: MediaFilter) {
  return and(
    eq(attachments.kind, 'media'),
    visibleMedia(actor),
    filter.projectId ? eq(attachments.projectId, filter.projectId) : undefined,
    filter.type ? eq(attachments.mediaType, filter.type) : undefined,
  );
}

export type MediaListRow = AttachmentRow & { uploaderName: string | null; projectTitle: string | null };

/** Project media: attachments of kind 'media', newest first. */
export function mediaRepository(db: Db) {
  const columns = { file: attachments, uploaderName: users.name, projectTitle: projects.title };
  const flatten = (row: {
    file: AttachmentRow;
    uploaderName: string | null;
    projectTitle: string | null;
  }) => ({
    ...row.file,
    uploaderName: row.uploaderName,
    projectTitle: row.projectTitle,
  });
  return {
    async page(
      actor: Actor,
      filter: MediaFilter,
      page: { cursor: ProjectCursor | null; offset: number; limit: number },
    ): Promise<MediaListRow[]> {
      const after = page.cursor
        ? sql`(${attachments.createdAt}, ${attachments.id}) < (${page.cursor.createdAt.toISOString()}::timestamptz, ${page.cursor.id}::uuid)`
        : undefined;
      const rows = await db
        .select(columns)
        .from(attachments)
        .leftJoin(projects, eq(projects.id, attachments.projectId))
        .leftJoin(users, eq(users.id, attachments.uploadedBy))
        .where(and(filtered(actor, filter), after))
        .orderBy(desc(attachments.createdAt), desc(attachments.id))
        .limit(page.limit + 1)
        .offset(page.cursor ? 0 : page.offset);
      return rows.map(flatten);
    },

    async count(actor: Actor, filter: MediaFilter) {
      const [row] = await db.select({ total: count() }).from(attachments).where(filtered(actor, filter));
      return Number(row?.total ?? 0);
    },

    async findWithNames(ids: readonly string[]): Promise<MediaListRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(columns)
        .from(attachments)
        .leftJoin(projects, eq(projects.id, attachments.projectId))
        .leftJoin(users, eq(users.id, attachments.uploadedBy))
        .where(inArray(attachments.id, [...ids]))
        .orderBy(asc(attachments.createdAt), asc(attachments.id));
      return rows.map(flatten);
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
