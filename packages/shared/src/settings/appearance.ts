import { z } from 'zod';

/** Languages of dates and numbers (screen texts stay in English). */
export const LANGUAGES = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' } as const;
export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

/** The date formats of spec 2 §9. */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD MMM YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Day first, as dates are written in Nigeria (the spec's MM/DD/YYYY stays a choice in the settings). */
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';

export const TIME_FORMATS = ['12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

export const DEFAULT_THEME_COLOR = '#3b82f6';

/**
 * Appearance kept in the browser (spec 2 §7: stored locally): read back through this schema, so a
 * damaged or older stored value falls back to the defaults field by field.
 */
export const appearanceSchema = z.object({
  darkMode: z.boolean().catch(false),
  compactMode: z.boolean().catch(false),
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .catch(DEFAULT_THEME_COLOR),
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).catch('en'),
  dateFormat: z.enum(DATE_FORMATS).catch(DEFAULT_DATE_FORMAT),
  timeFormat: z.enum(TIME_FORMATS).catch('12h'),
});
export type Appearance = z.infer<typeof appearanceSchema>;

export const APPEARANCE_DEFAULTS: Appearance = appearanceSchema.parse({});

export const APPEARANCE_SAVE_FAILED = 'Failed to save appearance settings...';
