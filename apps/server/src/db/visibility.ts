import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import { projectScope } from '@trowel/shared/auth/scope.ts';
import { projects } from './schema/projects.ts';

/**
 * The shared project scope (staff all, clients their own, vendors none) as SQL: the projects a user
 * may see. `actorId` may be a placeholder of a prepared statement.
 */
export function visibleTo(actor: Actor, actorId: unknown = actor.id): SQL | undefined {
  switch (projectScope(actor)) {
    case 'all':
      return undefined;
    case 'own':
      return eq(projects.clientId, actorId as string);
    case 'none':
      return sql`false`;
  }
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
  switch (projectScope(actor)) {
    case 'all':
      return undefined;
    case 'own':
      return and(
        eq(columns.isClientVisible, true),
        inArray(
          columns.projectId,
          sql`(select ${projects.id} from ${projects} where ${projects.clientId} = ${actorId})`,
        ),
      );
    case 'none':
      return sql`false`;
  }
}

/** The letter a prepared statement's name carries for the scope it was built for. */
export function scopeLetter(actor: Pick<Actor, 'role'>): 'a' | 'o' | 'n' {
  return projectScope(actor)[0] as 'a' | 'o' | 'n';
}
