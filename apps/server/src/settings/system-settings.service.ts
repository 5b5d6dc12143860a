import {
  isMaskedSecret,
  isSettingKey,
  maskSecret,
  SETTING_KEYS,
  SYSTEM_SETTINGS,
  type SaveSettingsInput,
  type SettingEntry,
  type SettingKey,
  type SystemSettingsAnswer,
} from '@trowel/shared/settings/settings.schemas.ts';
import type { Payload } from '@trowel/shared/http/envelope.ts';
import type { systemSettingsAnswer } from '@trowel/shared/settings/settings.schemas.ts';
import type { PlatformContext as AppContext } from '../platform.ts';
import type { AuthUser } from '../http/access.ts';
import { badRequest } from '../http/app-error.ts';
import { sealSecret } from '../lib/secret-box.ts';
import type { SettingWrite } from './settings.repository.ts';
import { SETTINGS_SECRET_PURPOSE } from './system-settings.ts';

/** Every system setting with its value, secrets masked, and the vendor auto-login entries as the spec lists them. */
export async function listSystemSettings(ctx: AppContext): Promise<Payload<typeof systemSettingsAnswer>> {
  const values = await ctx.settings.values();
  const settings: SettingEntry[] = SETTING_KEYS.map((key) => {
    const definition = SYSTEM_SETTINGS[key];
    return {
      key,
      value: definition.encrypted ? maskSecret(values[key]) : values[key],
      encrypted: definition.encrypted,
      description: definition.description,
      category: definition.category,
    };
  });
  const vendorAutoLogin: SystemSettingsAnswer['vendor_autologin'] = [
    { key: 'enabled', value: values.vendor_autologin_enabled },
    { key: 'expiry_days', value: values.vendor_autologin_expiry_days },
  ];
  return { settings, vendor_autologin: vendorAutoLogin };
}

/**
 * Checks every entry against the settings registry: unknown keys, a category that is not the key's,
 * a key named twice and invalid values are refused (400) before anything is written.
 */
function checkSettings(entries: SaveSettingsInput['settings']): Array<{ key: SettingKey; value: string }> {
  const seen = new Set<string>();
  return entries.map(({ key, value, category }) => {
    if (!isSettingKey(key)) throw badRequest(`Unknown setting: ${key}`);
    if (seen.has(key)) throw badRequest(`Setting ${key} is given more than once`);
    seen.add(key);
    const definition = SYSTEM_SETTINGS[key];
    if (category !== undefined && category !== definition.category) {
      throw badRequest(`Setting ${key} belongs to the ${definition.category} category`);
    }
    const parsed = definition.value.safeParse(value.trim());
    if (!parsed.success) throw badRequest(`${key} ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
    return { key, value: parsed.data };
  });
}

/**
 * Saves settings by key in one transaction. A secret is sealed before it is stored; the mask the
 * server answered, sent back unchanged, keeps the stored secret. Every process drops its kept values.
 */
export async function saveSystemSettings(
  ctx: AppContext,
  actor: Pick<AuthUser, 'id'>,
  entries: SaveSettingsInput['settings'],
) {
  const writes: SettingWrite[] = [];
  for (const { key, value } of checkSettings(entries)) {
    const definition = SYSTEM_SETTINGS[key];
    if (definition.encrypted && isMaskedSecret(value)) continue;
    // A cleared secret is stored empty and unsealed: there is nothing to open on every read.
    const sealed = definition.encrypted && value !== '';
    writes.push({
      key,
      value: sealed ? sealSecret(ctx.config.appSecret!, SETTINGS_SECRET_PURPOSE, value) : value,
      encrypted: sealed,
      category: definition.category,
    });
  }
  await ctx.settingsStore.upsert(writes, actor.id);
  await ctx.invalidate({ kind: 'settings' });
}
