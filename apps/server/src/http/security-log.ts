import type { Logger } from '../lib/logger.ts';

export type SecurityEvent =
  | 'login.success'
  | 'login.failure'
  | 'login.throttled'
  | 'login.refused_inactive_vendor'
  | 'password.set_from_link'
  | 'logout'
  | 'access.forbidden'
  | 'password.changed'
  | 'password.reset_by_admin'
  | 'user.created'
  | 'user.role_changed'
  | 'user.deleted'
  | 'user.deactivated'
  | 'autologin.generated'
  | 'autologin.success'
  | 'autologin.failure'
  | 'autologin.throttled';

/** Writes a security event: who, what, when, from where. Never a password or a token. */
export function logSecurityEvent(
  log: Logger,
  event: SecurityEvent,
  fields: { actorId?: string | null; email?: string; targetId?: string; ip?: string; detail?: string },
) {
  log.info({ security: event, at: new Date().toISOString(), ...fields }, `security: ${event}`);
}
