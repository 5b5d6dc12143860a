import { maskSecret } from '@trowel/shared/settings/settings.schemas.ts';
import {
  WHATSAPP_INTEGRATION_KEYS,
  type SaveWhatsAppIntegrationInput,
  type WhatsAppIntegration,
} from '@trowel/shared/settings/whatsapp-integration.schemas.ts';
import type { AuthUser } from '../../http/access.ts';
import { publicLink } from '../../mail/mail-queue.ts';
import type { ModuleContext } from '../../platform.ts';
import { saveSystemSettings } from '../../settings/system-settings.service.ts';

/** The WhatsApp integration: ids in clear, the token and secrets only masked, and the webhook's address. */
export async function getWhatsAppIntegration(ctx: ModuleContext): Promise<WhatsAppIntegration> {
  const values = await ctx.settings.values();
  return {
    whatsapp_phone_number_id: values.whatsapp_phone_number_id,
    whatsapp_business_account_id: values.whatsapp_business_account_id,
    whatsapp_access_token: maskSecret(values.whatsapp_access_token),
    whatsapp_access_token_set: values.whatsapp_access_token !== '',
    whatsapp_app_secret: maskSecret(values.whatsapp_app_secret),
    whatsapp_app_secret_set: values.whatsapp_app_secret !== '',
    whatsapp_verify_token: maskSecret(values.whatsapp_verify_token),
    whatsapp_verify_token_set: values.whatsapp_verify_token !== '',
    webhookUrl: publicLink(ctx.config, '/api/webhooks/whatsapp'),
  };
}

/** Saves the fields given, as every system setting is saved (secrets sealed; a mask sent back keeps them). */
export async function saveWhatsAppIntegration(
  ctx: ModuleContext,
  actor: Pick<AuthUser, 'id'>,
  input: SaveWhatsAppIntegrationInput,
) {
  const entries = WHATSAPP_INTEGRATION_KEYS.flatMap((key) =>
    input[key] === undefined ? [] : [{ key, value: input[key] }],
  );
  if (entries.length > 0) await saveSystemSettings(ctx, actor, entries);
  return getWhatsAppIntegration(ctx);
}
