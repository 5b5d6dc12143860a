import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import type { SettingKey } from './settings.schemas.ts';

/** The WhatsApp integration fields, by their wire names. */
export const WHATSAPP_INTEGRATION_KEYS = [
  'whatsapp_phone_number_id',
  'whatsapp_business_account_id',
  'whatsapp_access_token',
  'whatsapp_app_secret',
  'whatsapp_verify_token',
] as const satisfies readonly SettingKey[];

/** The secrets of the integration: answered masked, with whether one is saved. */
export const WHATSAPP_SECRET_KEYS = [
  'whatsapp_access_token',
  'whatsapp_app_secret',
  'whatsapp_verify_token',
] as const satisfies readonly SettingKey[];

/** GET /admin/settings/whatsapp: the secrets only ever masked. */
export const whatsappIntegrationDto = z.object({
  whatsapp_phone_number_id: z.string(),
  whatsapp_business_account_id: z.string(),
  whatsapp_access_token: z.string(),
  whatsapp_access_token_set: z.boolean(),
  whatsapp_app_secret: z.string(),
  whatsapp_app_secret_set: z.boolean(),
  whatsapp_verify_token: z.string(),
  whatsapp_verify_token_set: z.boolean(),
  /** The address to register with Meta for delivery reports. */
  webhookUrl: z.string(),
});
export type WhatsAppIntegration = z.infer<typeof whatsappIntegrationDto>;

const field = z.string({ error: 'must be a string' });

/** PUT /admin/settings/whatsapp: a field left out keeps its value; a secret sent back masked keeps it. */
export const saveWhatsAppIntegrationInput = z.strictObject(
  Object.fromEntries(WHATSAPP_INTEGRATION_KEYS.map((key) => [key, field.optional()])) as Record<
    (typeof WHATSAPP_INTEGRATION_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);
export type SaveWhatsAppIntegrationInput = z.infer<typeof saveWhatsAppIntegrationInput>;

export const whatsappIntegrationAnswer = ok({ settings: whatsappIntegrationDto });
export type WhatsAppIntegrationAnswer = z.output<typeof whatsappIntegrationAnswer>;
