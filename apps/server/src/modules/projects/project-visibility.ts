import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import { projects } from '../../db/schema.ts';

/** A key naming what a user may see, for caches shared by users who see the same projects. */
export function visibilityKey(actor: Actor): string {
  if (actor.role === 'client') return `client:${actor.id}`;
  return actor.role === 'vendor' ? 'none' : 'staff';
}

/**
 * What a user may see: clients their own projects, vendors none, staff all. `actorId` may be a
 * placeholder of a prepared statement.
 */
export function visibleTo(actor: Actor, actorId: unknown = actor.id): SQL | undefined {
  if (actor.role === 'client') return eq(projects.clientId, actorId as string);
  if (actor.role === 'vendor') return sql`false`;
  return undefined;
}

/**
 * Rows of a project's feed (logs, media) a user may see: clients the client-visible ones of their
 * own projects, vendors none, staff all. `actorId` may be a placeholder of a prepared statement.
 */
export function visibleInFeed(
  actor: Actor,
  columns: { projectId: AnyColumn; isClientVisible: AnyColumn },
  actorId: unknown = actor.id,
): SQL | undefined {
  if (actor.role === 'client') {
    return and(
      eq(columns.isClientVisible, true),
      inArray(
        columns.projectId,
        sql`(select ${projects.id} from ${projects} where ${projects.clientId} = ${actorId})`,
      ),
    );
  }
  return actor.role === 'vendor' ? sql`false` : undefined;
}
