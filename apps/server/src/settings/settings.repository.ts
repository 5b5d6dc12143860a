import { sql } from 'drizzle-orm';
import type { SettingCategory, SettingKey } from '@trowel/shared/settings/settings.schemas.ts';
import type { Db } from '../db/client.ts';
import { systemSettings, type SystemSettingRow } from '../db/schema.ts';

export interface SettingWrite {
  key: SettingKey;
  /** Already sealed when the setting is encrypted. */
  value: string;
  encrypted: boolean;
  category: SettingCategory;
}

/** The saved system settings (a few rows: read whole, written by key). */
export function settingsRepository(db: Db) {
  return {
    all(): Promise<SystemSettingRow[]> {
      return db.select().from(systemSettings);
    },

    /** Inserts or replaces each setting by key, in the caller's transaction when there is one. */
    async upsert(entries: readonly SettingWrite[], updatedBy: string | null) {
      if (entries.length === 0) return;
      await db
        .insert(systemSettings)
        .values(entries.map((entry) => ({ ...entry, updatedBy })))
        .onConflictDoUpdate({
          target: systemSettings.key,
          set: {
            value: sql`excluded.value`,
            encrypted: sql`excluded.encrypted`,
            category: sql`excluded.category`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`now()`,
          },
        });
    },
  };
}
