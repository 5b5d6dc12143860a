import type { SystemSettingsAnswer } from '@trowel/shared/settings/settings.schemas.ts';
import { VENDOR_AUTOLOGIN_EXPIRY } from '@trowel/shared/settings/settings.schemas.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveSystemSettings } from '../api/system-settings.ts';
import { SettingsCard } from './settings-card.tsx';

const { min, max, recommendedMax } = VENDOR_AUTOLOGIN_EXPIRY;

/** Days as typed, or 1 when that is not a whole number from 1 to 30 (spec 2 §5). */
export function expiryDaysOf(text: string): number {
  const days = Number(text);
  return Number.isInteger(days) && days >= min && days <= max ? days : min;
}

/** Vendor auto-login links: on or off, and how many days a link stays valid. */
export function VendorAutoLoginCard({ settings }: { settings: SystemSettingsAnswer }) {
  const entry = (key: 'enabled' | 'expiry_days') =>
    settings.vendor_autologin.find((item) => item.key === key)?.value ?? '';
  const [enabled, setEnabled] = useState(entry('enabled') === 'true');
  const [days, setDays] = useState(entry('expiry_days'));
  const save = useSaveSystemSettings();

  const submit = () => {
    const expiry = expiryDaysOf(days);
    setDays(String(expiry));
    save.mutate(
      [
        { key: 'vendor_autologin_enabled', value: String(enabled), category: 'vendor_autologin' },
        { key: 'vendor_autologin_expiry_days', value: String(expiry), category: 'vendor_autologin' },
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
      <Field id="vendor-autologin-days" label="Link Expiry (days)">
        <Input
          id="vendor-autologin-days"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          className="max-w-32"
          value={days}
          aria-describedby="vendor-autologin-days-hint"
          onChange={(event) => setDays(event.target.value)}
          onBlur={() => setDays(String(expiryDaysOf(days)))}
        />
      </Field>
      <p id="vendor-autologin-days-hint" className="-mt-2 text-xs text-slate-500">
        Recommended: {min}–{recommendedMax} days. Allowed: {min}–{max} days.
      </p>
      <div className="flex justify-end">
        <BusyButton busy={save.isPending} busyLabel="Saving..." onClick={submit}>
          Save Auto Login Settings
        </BusyButton>
      </div>
    </SettingsCard>
  );
}
