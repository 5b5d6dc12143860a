import {
  APPEARANCE_SAVE_FAILED,
  DATE_FORMATS,
  LANGUAGE_CODES,
  LANGUAGES,
  TIME_FORMATS,
  type Appearance,
} from '@trowel/shared/settings/appearance.ts';
import { toast } from 'sonner';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { saveAppearance, useAppearance } from '../../../lib/appearance.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { SettingsCard } from './settings-card.tsx';

/** Dark mode, density, theme colour, language and date/time formats: kept on this device, applied at once. */
export function AppearanceCard() {
  const appearance = useAppearance();
  const change = (changes: Partial<Appearance>) => {
    try {
      saveAppearance(changes);
    } catch {
      toast.error(APPEARANCE_SAVE_FAILED);
    }
  };
  return (
    <SettingsCard title="Appearance" description="Saved in this browser and applied across Trowel at once.">
      <SwitchField
        id="appearance-dark"
        label="Dark Mode"
        hint="Light text on a dark background."
        checked={appearance.darkMode}
        onCheckedChange={(darkMode) => change({ darkMode })}
      />
      <SwitchField
        id="appearance-compact"
        label="Compact Mode"
        hint="Less space around everything, so more fits on the screen."
        checked={appearance.compactMode}
        onCheckedChange={(compactMode) => change({ compactMode })}
      />
      <Field id="appearance-theme" label="Theme Colour">
        <div className="flex items-center gap-3">
          <input
            id="appearance-theme"
            type="color"
            className="h-10 w-16 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            value={appearance.themeColor}
            onChange={(event) => change({ themeColor: event.target.value })}
          />
          <span className="font-mono text-sm text-slate-600">{appearance.themeColor}</span>
        </div>
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <SelectField
            id="appearance-language"
            label="Language"
            value={appearance.language}
            onChange={(language) => change({ language })}
          >
            <SelectOptions values={LANGUAGE_CODES} label={(code) => LANGUAGES[code]} />
          </SelectField>
          <p className="mt-1 text-xs text-slate-500">
            Sets how dates and numbers are written. Screen texts stay in English.
          </p>
        </div>
        <SelectField
          id="appearance-date-format"
          label="Date Format"
          value={appearance.dateFormat}
          onChange={(dateFormat) => change({ dateFormat })}
        >
          <SelectOptions values={DATE_FORMATS} />
        </SelectField>
        <SelectField
          id="appearance-time-format"
          label="Time Format"
          value={appearance.timeFormat}
          onChange={(timeFormat) => change({ timeFormat })}
        >
          <SelectOptions
            values={TIME_FORMATS}
            label={(format) => (format === '12h' ? '12-hour' : '24-hour')}
          />
        </SelectField>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        Example: {formatDateTime(new Date().toISOString())}
      </p>
    </SettingsCard>
  );
}
