import type { SystemSettingsAnswer } from '@trowel/shared/settings/settings.schemas.ts';
import {
  SYSTEM_SETTINGS,
  VENDOR_AUTOLOGIN_EXPIRY,
  VENDOR_AUTOLOGIN_EXPIRY_RULE,
} from '@trowel/shared/settings/settings.schemas.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveSystemSettings } from '../api/system-settings.ts';
import { SettingsCard } from './settings-card.tsx';

const { min, max, recommendedMax } = VENDOR_AUTOLOGIN_EXPIRY;
const EXPIRY_LABEL = 'Link Expiry (days)';

/** What is wrong with the days as typed, by the rule the server applies; null when they may be saved. */
export function expiryDaysProblem(text: string): string | null {
  const valid = SYSTEM_SETTINGS.vendor_autologin_expiry_days.value.safeParse(text.trim()).success;
  return valid ? null : `${EXPIRY_LABEL} ${VENDOR_AUTOLOGIN_EXPIRY_RULE}.`;
}

/** Vendor auto-login links: on or off, and how many days a link stays valid. */
export function VendorAutoLoginCard({ settings }: { settings: SystemSettingsAnswer }) {
  const entry = (key: 'enabled' | 'expiry_days') =>
    settings.vendor_autologin.find((item) => item.key === key)?.value ?? '';
  const [enabled, setEnabled] = useState(entry('enabled') === 'true');
  const [days, setDays] = useState(entry('expiry_days'));
  // Said once the field is left or a save is tried, and from then on while it stays wrong.
  const [checked, setChecked] = useState(false);
  const save = useSaveSystemSettings();
  const problem = checked ? expiryDaysProblem(days) : null;

  const submit = () => {
    setChecked(true);
    if (expiryDaysProblem(days)) return;
    save.mutate(
      [
        { key: 'vendor_autologin_enabled', value: String(enabled), category: 'vendor_autologin' },
        { key: 'vendor_autologin_expiry_days', value: days.trim(), category: 'vendor_autologin' },
      ],
      {
        onSuccess: () => toast.success('Vendor auto login saved'),
        onError: (error) =>
          toast.error('Save Failed', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <SettingsCard
      title="Vendor Auto Login"
      description="Links that open an RFQ for a vendor without a password."
    >
      <SwitchField
        id="vendor-autologin-enabled"
        label="Enable Auto Login Links"
        checked={enabled}
        onCheckedChange={setEnabled}
      />
      <FormField
        id="vendor-autologin-days"
        label={EXPIRY_LABEL}
        hint={`Recommended: ${min}–${recommendedMax} days. Allowed: ${min}–${max} days.`}
        error={problem ?? undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            className="max-w-32"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            onBlur={() => setChecked(true)}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <BusyButton busy={save.isPending} busyLabel="Saving..." onClick={submit}>
          Save Auto Login Settings
        </BusyButton>
      </div>
    </SettingsCard>
  );
}
