import { zodResolver } from '@hookform/resolvers/zod';
import {
  SYSTEM_SETTINGS,
  VENDOR_AUTOLOGIN_EXPIRY,
  type SystemSettingsAnswer,
} from '@trowel/shared/settings/settings.schemas.ts';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveSystemSettings } from '../api/system-settings.ts';
import { SettingsCard } from './settings-card.tsx';

const { min, max, recommendedMax } = VENDOR_AUTOLOGIN_EXPIRY;
const EXPIRY_LABEL = 'Link Expiry (days)';

/** The card's fields, the days checked by the rule the server applies to the setting. */
const autoLoginSchema = z.object({
  enabled: z.boolean(),
  expiryDays: z.string().trim().pipe(SYSTEM_SETTINGS.vendor_autologin_expiry_days.value),
});

/** Vendor auto-login links: on or off, and how many days a link stays valid. */
export function VendorAutoLoginCard({ settings }: { settings: SystemSettingsAnswer }) {
  const entry = (key: 'enabled' | 'expiry_days') =>
    settings.vendor_autologin.find((item) => item.key === key)?.value ?? '';
  // Said once the field is left or a save is tried, and from then on while it stays wrong.
  const form = useForm({
    resolver: zodResolver(autoLoginSchema),
    mode: 'onTouched',
    defaultValues: { enabled: entry('enabled') === 'true', expiryDays: entry('expiry_days') },
  });
  const enabled = useController({ control: form.control, name: 'enabled' }).field;
  const save = useSaveSystemSettings();
  const rule = form.formState.errors.expiryDays?.message;
  const problem = rule ? `${EXPIRY_LABEL} ${rule}.` : undefined;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      [
        { key: 'vendor_autologin_enabled', value: String(values.enabled), category: 'vendor_autologin' },
        { key: 'vendor_autologin_expiry_days', value: values.expiryDays, category: 'vendor_autologin' },
      ],
      {
        onSuccess: () => toast.success('Vendor auto login saved'),
        onError: (error) =>
          toast.error('Save Failed', { description: errorMessage(error, 'Please try again.') }),
      },
    ),
  );

  return (
    <SettingsCard
      title="Vendor Auto Login"
      description="Links that open an RFQ for a vendor without a password."
    >
      <SwitchField
        id="vendor-autologin-enabled"
        label="Enable Auto Login Links"
        checked={enabled.value}
        onCheckedChange={enabled.onChange}
      />
      <FormField
        id="vendor-autologin-days"
        label={EXPIRY_LABEL}
        hint={`Recommended: ${min}–${recommendedMax} days. Allowed: ${min}–${max} days.`}
        error={problem}
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
            {...form.register('expiryDays')}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <BusyButton busy={save.isPending} busyLabel="Saving..." onClick={(event) => void submit(event)}>
          Save Auto Login Settings
        </BusyButton>
      </div>
    </SettingsCard>
  );
}
