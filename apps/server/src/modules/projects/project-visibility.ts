import { eq, sql, type SQL } from 'drizzle-orm';
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
