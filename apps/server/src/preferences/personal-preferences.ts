import type { PlatformContext as AppContext } from '../platform.ts';
import type { PersonalPreferences } from './preferences.repository.ts';

/** A person's preferences (saved values over the defaults), kept per process until anyone saves theirs. */
export function personalPreferences(ctx: AppContext, userId: string): Promise<PersonalPreferences> {
  return ctx.preferenceCache.get(userId, () => ctx.preferences.get(userId));
}

/** Saves some of a person's preferences; every process drops the kept ones. */
export async function savePersonalPreferences(
  ctx: AppContext,
  userId: string,
  patch: Partial<PersonalPreferences>,
): Promise<PersonalPreferences> {
  const saved = await ctx.preferences.save(userId, patch);
  await ctx.invalidate({ kind: 'preferences' });
  return saved;
}
