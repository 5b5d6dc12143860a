import type { Logger } from '../../../lib/logger.ts';
import { PASSWORD_LINK_INVALID, type SetPasswordInput } from '@trowel/shared/procurement/vendor.schemas.ts';
import type { ModuleContext } from '../../../platform.ts';
import { badRequest } from '../../../http/app-error.ts';
import { logSecurityEvent } from '../../../http/security-log.ts';
import { hashPassword } from '../../../lib/password.ts';
import { passwordLinkUser, verifyPasswordLink } from '../../../lib/password-link.ts';

/**
 * Sets a vendor's first password from the link they were emailed: the link names the account, is
 * signed, expires, and stops working once a password is set (its signature covers the old hash).
 */
export async function setPasswordFromLink(ctx: ModuleContext, input: SetPasswordInput, log: Logger) {
  const userId = passwordLinkUser(input.token);
  const user = userId ? await ctx.users.findById(userId) : null;
  if (!user || !verifyPasswordLink(ctx.config.appSecret!, input.token, user.passwordHash)) {
    throw badRequest(PASSWORD_LINK_INVALID);
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx);
    await scoped.users.update(user.id, { passwordHash });
    await scoped.sessions.deleteAllOfUser(user.id);
    await scoped.activity.record(user.id, 'security', 'Set password from the emailed link');
  });
  await ctx.invalidate({ kind: 'user', id: user.id });
  logSecurityEvent(log, 'password.set_from_link', { actorId: user.id });
}
