import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { MediaType } from '@trowel/shared/media/media.schemas.ts';
import type { Db } from '../../db/client.ts';
import { afterKey, keyOrder, keysetValues, pageBounds } from '../../db/keyset.ts';
import { preparedStatements, type Bind } from '../../db/prepared.ts';
import { attachments, projects, users, type AttachmentRow } from '../../db/schema.ts';
import type { KeysetCursor } from '../../db/keyset-cursor.ts';
import { visibleInFeed, scopeLetter } from '../../db/visibility.ts';

export interface MediaFilter {
  projectId?: string | undefined;
  type?: MediaType | undefined;
}

function filtered(actor: Actor, filter: MediaFilter, bind: Bind) {
  return and(
    eq(attachments.kind, 'media'),
    visibleInFeed(actor, attachments, bind('actorId', actor.id)),
    filter.projectId ? eq(attachments.projectId, bind('projectId', filter.projectId) as string) : undefined,
    filter.type ? eq(attachments.mediaType, bind('type', filter.type) as MediaType) : undefined,
  );
}

/** What changes a list statement's text: who asks (staff, client, vendor) and which filters are set. */
function shapeOf(actor: Actor, filter: MediaFilter) {
  const who = scopeLetter(actor);
  return `${who}${filter.projectId ? 'P' : ''}${filter.type ? 'T' : ''}`;
}

const valuesOf = (actor: Actor, filter: MediaFilter) => ({
  actorId: actor.id,
  projectId: filter.projectId,
  type: filter.type,
});

export type MediaListRow = AttachmentRow & { uploaderName: string | null; projectTitle: string | null };

/** Project media: attachments of kind 'media', newest first. */
export function mediaRepository(db: Db) {
  const prepared = preparedStatements('media');
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
      page: { cursor: KeysetCursor | null; offset: number; limit: number },
    ): Promise<MediaListRow[]> {
      const { cursor } = page;
      const values = { ...valuesOf(actor, filter), ...keysetValues(page) };
      const shape = `page_${shapeOf(actor, filter)}_${cursor ? 'after' : 'at'}`;
      const rows = await prepared(shape, values, (bind) => {
        const bounds = pageBounds(page, bind);
        return db
          .select(columns)
          .from(attachments)
          .leftJoin(projects, eq(projects.id, attachments.projectId))
          .leftJoin(users, eq(users.id, attachments.uploadedBy))
          .where(and(filtered(actor, filter, bind), afterKey(attachments, true, page, bind)))
          .orderBy(...keyOrder(attachments, true))
          .limit(bounds.limit)
          .offset(bounds.offset);
      });
      return rows.map(flatten);
    },

    async count(actor: Actor, filter: MediaFilter) {
      const rows = await prepared(`count_${shapeOf(actor, filter)}`, valuesOf(actor, filter), (bind) =>
        db
          .select({ total: count() })
          .from(attachments)
          .where(filtered(actor, filter, bind)),
      );
      return Number(rows[0]?.total ?? 0);
    },

    async findWithNames(ids: readonly string[]): Promise<MediaListRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(columns)
        .from(attachments)
        .leftJoin(projects, eq(projects.id, attachments.projectId))
        .leftJoin(users, eq(users.id, attachments.uploadedBy))
        .where(inArray(attachments.id, [...ids]))
        .orderBy(asc(attachments.createdAt), asc(attachments.position), asc(attachments.id));
      return rows.map(flatten);
    },
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
