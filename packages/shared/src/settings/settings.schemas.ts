import { z } from 'zod';
import { ok } from '../http/envelope.ts';

export const SETTING_CATEGORIES = ['workflow', 'vendor_autologin', 'email', 'whatsapp'] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

/** Vendor auto-login link validity in days: allowed range, default and the range the screen recommends. */
export const VENDOR_AUTOLOGIN_EXPIRY = { min: 1, max: 30, default: 3, recommendedMax: 7 } as const;

/** Why an expiry is refused: the server says it after the setting's key, the settings screen beside the field. */
export const VENDOR_AUTOLOGIN_EXPIRY_RULE = `must be a whole number of days from ${VENDOR_AUTOLOGIN_EXPIRY.min} to ${VENDOR_AUTOLOGIN_EXPIRY.max}`;

const trueFalse = z.enum(['true', 'false'], { error: 'must be the string true or false' });
/** Whole days in the allowed range: anything else is refused, never taken as some other number of days. */
const wholeDays = z
  .string()
  .regex(/^\d+$/, VENDOR_AUTOLOGIN_EXPIRY_RULE)
  .refine(
    (value) => Number(value) >= VENDOR_AUTOLOGIN_EXPIRY.min && Number(value) <= VENDOR_AUTOLOGIN_EXPIRY.max,
    VENDOR_AUTOLOGIN_EXPIRY_RULE,
  );
/** The tolerance on deliveries: how far above an order line the stores may receive, in whole percent. */
export const DELIVERY_TOLERANCE = { min: 0, max: 100, default: 0 } as const;
export const DELIVERY_TOLERANCE_RULE = `must be a whole percent from ${DELIVERY_TOLERANCE.min} to ${DELIVERY_TOLERANCE.max}`;
const wholePercent = z
  .string()
  .regex(/^\d+$/, DELIVERY_TOLERANCE_RULE)
  .refine((value) => Number(value) <= DELIVERY_TOLERANCE.max, DELIVERY_TOLERANCE_RULE);

/** A Graph API object id: digits, or empty while not set. */
const graphId = z.string().regex(/^\d{0,30}$/, 'must be the digits of the id Meta shows');

const emailOrEmpty = z.union([z.literal(''), z.email({ error: 'must be an email address' })]);

interface SettingDefinition {
  category: SettingCategory;
  description: string;
  /** The value while nobody has saved one. */
  defaultValue: string;
  /** Stored encrypted and never answered in clear. */
  encrypted: boolean;
  /** What a saved value must look like. */
  value: z.ZodType<string>;
}

/**
 * Every system setting the administrator may save: nothing else is accepted, so a mistyped key never
 * silently becomes a setting. The server validates with these and the settings screen reads them.
 */
export const SYSTEM_SETTINGS = {
  budget_qs_review_enabled: {
    category: 'workflow',
    description: 'Budgets from project leads pass a quantity surveyor review before the accountant.',
    defaultValue: 'true',
    encrypted: false,
    value: trueFalse,
  },
  delivery_tolerance_percent: {
    category: 'workflow',
    description:
      'How far above an ordered quantity a delivery may be received, in whole percent (0 refuses any excess).',
    defaultValue: String(DELIVERY_TOLERANCE.default),
    encrypted: false,
    value: wholePercent,
  },
  vendor_autologin_enabled: {
    category: 'vendor_autologin',
    description: 'Staff may send vendors links that open an RFQ without a password.',
    defaultValue: 'true',
    encrypted: false,
    value: trueFalse,
  },
  vendor_autologin_expiry_days: {
    category: 'vendor_autologin',
    description: 'Days a vendor auto-login link stays valid.',
    defaultValue: String(VENDOR_AUTOLOGIN_EXPIRY.default),
    encrypted: false,
    value: wholeDays,
  },
  zeptomail_api_key: {
    category: 'email',
    description: 'ZeptoMail API key (SMTP password).',
    defaultValue: '',
    encrypted: true,
    value: z.string().max(500, 'must be at most 500 characters'),
  },
  zeptomail_from_email: {
    category: 'email',
    description: 'Address emails are sent from.',
    defaultValue: '',
    encrypted: false,
    value: emailOrEmpty,
  },
  zeptomail_from_name: {
    category: 'email',
    description: 'Name emails are sent from.',
    defaultValue: '',
    encrypted: false,
    value: z.string().max(200, 'must be at most 200 characters'),
  },
  zeptomail_test_email: {
    category: 'email',
    description: 'Address the test email goes to.',
    defaultValue: '',
    encrypted: false,
    value: emailOrEmpty,
  },
  whatsapp_phone_number_id: {
    category: 'whatsapp',
    description: 'WhatsApp Business phone-number id (Meta) messages are sent from.',
    defaultValue: '',
    encrypted: false,
    value: graphId,
  },
  whatsapp_business_account_id: {
    category: 'whatsapp',
    description: 'WhatsApp Business account id (Meta) the templates are registered in.',
    defaultValue: '',
    encrypted: false,
    value: graphId,
  },
  whatsapp_access_token: {
    category: 'whatsapp',
    description: 'WhatsApp Cloud API access token.',
    defaultValue: '',
    encrypted: true,
    value: z.string().max(1000, 'must be at most 1000 characters'),
  },
  whatsapp_app_secret: {
    category: 'whatsapp',
    description: 'Meta app secret: delivery reports are accepted only when signed with it.',
    defaultValue: '',
    encrypted: true,
    value: z.string().max(200, 'must be at most 200 characters'),
  },
  whatsapp_verify_token: {
    category: 'whatsapp',
    description: 'Verify token Meta sends when the delivery-report webhook is registered.',
    defaultValue: '',
    encrypted: true,
    value: z.string().max(200, 'must be at most 200 characters'),
  },
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SYSTEM_SETTINGS;
export const SETTING_KEYS = Object.keys(SYSTEM_SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SYSTEM_SETTINGS, key);
}

/** One setting as the administrator's screen lists it (an encrypted value only ever masked). */
export const settingEntryDto = z.object({
  key: z.string(),
  value: z.string(),
  encrypted: z.boolean(),
  description: z.string(),
  category: z.string(),
});
export type SettingEntry = z.infer<typeof settingEntryDto>;

/** PUT /admin/settings: upserts by key. A value is a string (a number is taken as its digits). */
export const saveSettingsInput = z.object({
  settings: z
    .array(
      z.object({
        key: z.string().min(1, 'Setting key is required'),
        value: z.union([z.string(), z.number().transform(String)], {
          error: 'Setting value must be a string',
        }),
        category: z.string().optional(),
      }),
    )
    .min(1, 'At least one setting is required')
    .max(50, 'At most 50 settings at once'),
});
export type SaveSettingsInput = z.infer<typeof saveSettingsInput>;

/** The vendor auto-login entries as the spec's settings screen loads them. */
export const vendorAutoLoginEntryDto = z.object({
  key: z.enum(['enabled', 'expiry_days']),
  value: z.string(),
});

export const systemSettingsAnswer = ok({
  settings: z.array(settingEntryDto),
  vendor_autologin: z.array(vendorAutoLoginEntryDto),
});
export type SystemSettingsAnswer = z.output<typeof systemSettingsAnswer>;

/** What an encrypted value is answered as: never the secret, at most its last four characters. */
export function maskSecret(secret: string): string {
  if (secret === '') return '';
  return secret.length >= 12 ? `********${secret.slice(-4)}` : '********';
}

/** Whether a value sent back is the mask the server answered (the stored secret then stays). */
export function isMaskedSecret(value: string): boolean {
  return /^\*{8}.{0,4}$/.test(value);
}

/** The email integration fields, by their wire names (spec 2 §3). */
export const EMAIL_INTEGRATION_KEYS = [
  'zeptomail_api_key',
  'zeptomail_from_email',
  'zeptomail_from_name',
  'zeptomail_test_email',
] as const satisfies readonly SettingKey[];

/** GET /admin/settings/email/zeptomail: the key only ever masked, and whether one is saved. */
export const emailIntegrationDto = z.object({
  zeptomail_api_key: z.string(),
  zeptomail_api_key_set: z.boolean(),
  zeptomail_from_email: z.string(),
  zeptomail_from_name: z.string(),
  zeptomail_test_email: z.string(),
});
export type EmailIntegration = z.infer<typeof emailIntegrationDto>;

const integrationField = z.string({ error: 'must be a string' });

/**
 * PUT /admin/settings/email/zeptomail: a field left out keeps its value; the key sent back masked
 * (as the GET answered it) keeps the stored key, an empty key removes it.
 */
/** An address box of the form, empty or an address, refused in the words of its label. */
const integrationAddress = (label: string) =>
  z.union([z.literal(''), z.email({ error: `${label} must be an email address` })], {
    error: `${label} must be an email address`,
  });

export const saveEmailIntegrationInput = z.strictObject({
  zeptomail_api_key: integrationField.optional(),
  zeptomail_from_email: integrationAddress('From Email').optional(),
  zeptomail_from_name: integrationField.optional(),
  zeptomail_test_email: integrationAddress('Test Email Address').optional(),
});
export type SaveEmailIntegrationInput = z.infer<typeof saveEmailIntegrationInput>;

export const emailIntegrationAnswer = ok({ settings: emailIntegrationDto });
export type EmailIntegrationAnswer = z.output<typeof emailIntegrationAnswer>;

/** The test email's 'Missing Information' text (spec 2 §5). */
export const TEST_EMAIL_MISSING = 'Please provide a test email address.';

/** The server's 400 when no address is given. */
export const TEST_EMAIL_MISSING_ERROR = `Missing Information: ${TEST_EMAIL_MISSING}`;

/** POST /notifications/test-email: an empty or absent address is 'Missing Information' (checked by the service). */
export const testEmailInput = z
  .object({ testEmail: z.string({ error: 'testEmail must be a string' }).trim().optional() })
  .optional();
export const testEmailAnswer = ok({ message: z.string() });
export type TestEmailAnswer = z.output<typeof testEmailAnswer>;

/** What the settings screen shows for each way a test email can fail (spec 2 §8 'Test email'). */
export const TEST_EMAIL_MESSAGES = {
  invalidKey: 'Invalid API key. Please check your ZeptoMail API key and try again.',
  invalidConfiguration: 'Invalid email configuration. Please check your from email and other settings.',
  network: 'Network error. Please check your internet connection and try again.',
  other: 'Failed to send test email. Please check your settings.',
} as const;
