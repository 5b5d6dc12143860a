import { can } from '@trowel/shared/auth/policy.ts';
import { RECENT_ACTIVITY_COUNT } from '@trowel/shared/config/constants.ts';
import { wholePercent } from '@trowel/shared/format/percent.ts';
import type { UserStats } from '@trowel/shared/users/user.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import type { AuthUser } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { assertPersonVisible } from './users.service.ts';

async function assertPersonExists(ctx: ModuleContext, actor: AuthUser, id: string) {
  const person = await ctx.users.findById(id);
  if (!person) throw notFound('User');
  assertPersonVisible(actor, person);
}

/**
 * Profile statistics (staff may read anyone's, clients and vendors their own): the projects the
 * person leads, works on or is the client of; the daily logs they wrote; the media they uploaded;
 * and the share of their projects that are completed, as a whole percent (0 without projects).
 */
export async function userStats(ctx: ModuleContext, actor: AuthUser, id: string): Promise<UserStats> {
  if (actor.id !== id && !can(actor, 'users:read'))
    throw forbidden("You don't have permission to view this user");
  await assertPersonExists(ctx, actor, id);
  const figures = await ctx.userStats.figures(id);
  return {
    projectsCount: figures.projects,
    updatesCount: figures.updates,
    mediaFilesCount: figures.media,
    completionRate: wholePercent(figures.completed, figures.projects),
  };
}

/** What the person did lately (their own, or anyone's for people administrators), newest first. */
export async function userActivity(ctx: ModuleContext, actor: AuthUser, id: string) {
  if (actor.id !== id && !can(actor, 'users:manage')) {
    throw forbidden("You don't have permission to view this user's activity");
  }
  await assertPersonExists(ctx, actor, id);
  return ctx.userStats.recent(id, RECENT_ACTIVITY_COUNT);
}
