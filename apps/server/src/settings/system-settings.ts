import {
  DELIVERY_TOLERANCE,
  SETTING_KEYS,
  SYSTEM_SETTINGS,
  VENDOR_AUTOLOGIN_EXPIRY,
  type SettingKey,
} from '@trowel/shared/settings/settings.schemas.ts';
import { openSecret } from '../lib/secret-box.ts';
import type { SystemSettingRow } from '../db/schema.ts';

export type SettingValues = Readonly<Record<SettingKey, string>>;

export interface VendorAutoLogin {
  enabled: boolean;
  expiryDays: number;
}

export interface EmailSettings {
  apiKey: string;
  fromEmail: string;
  fromName: string;
  testEmail: string;
}

export interface WhatsAppSettings {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/** The purpose secrets of settings are sealed for (a key of their own, derived from APP_SECRET). */
export const SETTINGS_SECRET_PURPOSE = 'system-settings';

/**
 * The system settings as every module reads them: one read of the table per process, kept until a
 * change anywhere (the `settings` invalidation, published by every process that saves) drops it.
 * Encrypted values are opened here; a value sealed under another APP_SECRET reads as not set.
 */
export class SystemSettings {
  private cached: Promise<SettingValues> | null = null;
  private generation = 0;

  constructor(
    private readonly loadRows: () => Promise<SystemSettingRow[]>,
    private readonly appSecret: () => string,
    private readonly warn: (message: string, key: string) => void = () => undefined,
  ) {}

  /** Every setting: the saved value, else its default. */
  values(): Promise<SettingValues> {
    if (this.cached) return this.cached;
    const generation = this.generation;
    const loading = this.loadRows().then((rows) => this.toValues(rows));
    this.cached = loading;
    // A failed read is not kept; a read that a change overtook is answered but not kept either.
    loading.then(
      () => {
        if (this.generation !== generation && this.cached === loading) this.cached = null;
      },
      () => {
        if (this.cached === loading) this.cached = null;
      },
    );
    return loading;
  }

  /** Drops the kept values (a setting changed in this or another process). */
  clear() {
    this.generation++;
    this.cached = null;
  }

  /** Whether budgets from project leads pass a quantity surveyor review. */
  async qsReviewEnabled(): Promise<boolean> {
    return (await this.values()).budget_qs_review_enabled === 'true';
  }

  /** How far above an order line deliveries may be received, in whole percent. */
  async deliveryTolerancePercent(): Promise<number> {
    const percent = Number((await this.values()).delivery_tolerance_percent);
    const valid =
      Number.isInteger(percent) && percent >= DELIVERY_TOLERANCE.min && percent <= DELIVERY_TOLERANCE.max;
    return valid ? percent : DELIVERY_TOLERANCE.default;
  }

  /** Whether vendor auto-login links may be made, and for how many days one stays valid. */
  async vendorAutoLogin(): Promise<VendorAutoLogin> {
    const values = await this.values();
    const days = Number(values.vendor_autologin_expiry_days);
    const valid =
      Number.isInteger(days) && days >= VENDOR_AUTOLOGIN_EXPIRY.min && days <= VENDOR_AUTOLOGIN_EXPIRY.max;
    return {
      enabled: values.vendor_autologin_enabled === 'true',
      expiryDays: valid ? days : VENDOR_AUTOLOGIN_EXPIRY.default,
    };
  }

  /** The email integration (ZeptoMail) fields; the API key in clear, for the mail transport only. */
  async email(): Promise<EmailSettings> {
    const values = await this.values();
    return {
      apiKey: values.zeptomail_api_key,
      fromEmail: values.zeptomail_from_email,
      fromName: values.zeptomail_from_name,
      testEmail: values.zeptomail_test_email,
    };
  }

  /** The WhatsApp integration, secrets in clear, for the Graph API client and the webhook only. */
  async whatsapp(): Promise<WhatsAppSettings> {
    const values = await this.values();
    return {
      phoneNumberId: values.whatsapp_phone_number_id,
      businessAccountId: values.whatsapp_business_account_id,
      accessToken: values.whatsapp_access_token,
      appSecret: values.whatsapp_app_secret,
      verifyToken: values.whatsapp_verify_token,
    };
  }

  private toValues(rows: readonly SystemSettingRow[]): SettingValues {
    const saved = new Map(rows.map((row) => [row.key, row]));
    const values = {} as Record<SettingKey, string>;
    for (const key of SETTING_KEYS) {
      const row = saved.get(key);
      if (!row) {
        values[key] = SYSTEM_SETTINGS[key].defaultValue;
        continue;
      }
      if (!row.encrypted || row.value === '') {
        values[key] = row.value;
        continue;
      }
      const opened = openSecret(this.appSecret(), SETTINGS_SECRET_PURPOSE, row.value);
      if (opened === null) this.warn('a stored secret could not be opened with this APP_SECRET', key);
      values[key] = opened ?? '';
    }
    return values;
  }
}
