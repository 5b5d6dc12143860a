import { z } from 'zod';
import { ok } from '../http/envelope.ts';

const HOUR_MS = 3_600_000;

/** How long a sign-in lasts, as the settings screen offers it (spec 2 §9). */
export const SESSION_TIMEOUTS = {
  '1h': HOUR_MS,
  '8h': 8 * HOUR_MS,
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
} as const;
export type SessionTimeout = keyof typeof SESSION_TIMEOUTS;
export const SESSION_TIMEOUT_OPTIONS = Object.keys(SESSION_TIMEOUTS) as SessionTimeout[];

export const SESSION_TIMEOUT_LABELS = {
  '1h': '1 hour',
  '8h': '8 hours',
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
} as const satisfies Record<SessionTimeout, string>;

export interface SecurityPreferences {
  sessionTimeout: SessionTimeout;
  loginNotifications: boolean;
}

export const SECURITY_PREFERENCE_DEFAULTS = {
  sessionTimeout: '24h',
  loginNotifications: true,
} as const satisfies SecurityPreferences;

/** PUT /auth/security-settings: a field left out keeps its value. */
export const saveSecuritySettingsInput = z.strictObject({
  sessionTimeout: z
    .enum(SESSION_TIMEOUT_OPTIONS as [SessionTimeout, ...SessionTimeout[]], {
      error: `sessionTimeout must be one of ${SESSION_TIMEOUT_OPTIONS.join(', ')}`,
    })
    .optional(),
  loginNotifications: z.boolean({ error: 'loginNotifications must be true or false' }).optional(),
});
export type SaveSecuritySettingsInput = z.infer<typeof saveSecuritySettingsInput>;

export const securitySettingsAnswer = ok({
  settings: z.object({
    sessionTimeout: z.enum(SESSION_TIMEOUT_OPTIONS as [SessionTimeout, ...SessionTimeout[]]),
    loginNotifications: z.boolean(),
  }),
});
export type SecuritySettingsAnswer = z.output<typeof securitySettingsAnswer>;

/** A browser's own random id, kept in its storage and sent on sign-in so a new browser can be told apart. */
export const browserIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'browserId must be 16 to 64 letters, digits, - or _');

export const SECURITY_SETTINGS_SAVE_FAILED = 'Failed to save security settings...';
