import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { can, type Ability, type Actor } from '@trowel/shared/auth/policy.ts';
import { projectScope } from '@trowel/shared/auth/scope.ts';
import { inline, type Bind } from './prepared.ts';
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

/** Whose requests a person sees: everyone's, their own, or their own and those of the projects they lead. */
export type RequestScope = 'all' | 'own' | 'own_led';

/**
 * The requests a person sees (spec 2 §2, material and inventory requests alike): everyone's with the
 * ability to read all of them (`all`); their own and those of the projects they lead with the ability
 * of a lead (`led`); their own otherwise. The scope also names the shape of the statements built for it.
 */
export function requestScope(
  actor: Pick<Actor, 'role'>,
  abilities: { all: Ability; led: Ability },
): RequestScope {
  if (can(actor, abilities.all)) return 'all';
  return can(actor, abilities.led) ? 'own_led' : 'own';
}

/**
 * `requestScope`'s requests as SQL over a request table (none for everyone's); `bind` may make the
 * person's id a placeholder of a prepared statement.
 */
export function visibleRequests(
  scope: RequestScope,
  columns: { requestedById: AnyColumn; projectId: AnyColumn },
  actor: Pick<Actor, 'id'>,
  bind: Bind = inline,
): SQL | undefined {
  if (scope === 'all') return undefined;
  const actorId = bind('actorId', actor.id) as string;
  const own = eq(columns.requestedById, actorId);
  if (scope === 'own') return own;
  return or(
    own,
    inArray(
      columns.projectId,
      sql`(select ${projects.id} from ${projects} where ${projects.projectLeadId} = ${actorId})`,
    ),
  );
}
