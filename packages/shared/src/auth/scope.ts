import { can, type Actor } from './policy.ts';

/**
 * What of the company's projects (and their logs, media and money) a user sees, written once:
 * staff all, clients their own and only what is shared with them, vendors none.
 */
export type ProjectScope = 'all' | 'own' | 'none';

/** The project scope of a user, from the ability table. */
export function projectScope(actor: Pick<Actor, 'role'>): ProjectScope {
  if (can(actor, 'projects:read-all')) return 'all';
  if (can(actor, 'projects:read-own')) return 'own';
  return 'none';
}

/** A key naming what a user may see, for caches shared by everyone who sees the same. */
export function scopeKey(actor: Actor): string {
  const scope = projectScope(actor);
  return scope === 'own' ? `own:${actor.id}` : scope;
}

/** Whether the user may see the project at all: clients only their own; vendors none. */
export function canViewProject(actor: Actor, project: { clientId: string | null }): boolean {
  const scope = projectScope(actor);
  if (scope === 'own') return project.clientId === actor.id;
  return scope === 'all';
}

/**
 * Whether the user may see an item of a project feed (a log, a media file) whose project they see:
 * clients only what is shared with them (client visible).
 */
export function canSeeFeedItem(actor: Pick<Actor, 'role'>, item: { isClientVisible: boolean }): boolean {
  const scope = projectScope(actor);
  if (scope === 'own') return item.isClientVisible;
  return scope === 'all';
}
