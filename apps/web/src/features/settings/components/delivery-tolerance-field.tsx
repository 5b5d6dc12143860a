import { zodResolver } from '@hookform/resolvers/zod';
import {
  DELIVERY_TOLERANCE,
  SYSTEM_SETTINGS,
  type SystemSettingsAnswer,
} from '@trowel/shared/settings/settings.schemas.ts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveSystemSettings } from '../api/system-settings.ts';

const KEY = 'delivery_tolerance_percent';
const toleranceSchema = z.object({ percent: SYSTEM_SETTINGS[KEY].value });

/** How far above an ordered quantity the stores may receive, in whole percent (saved with its button). */
export function DeliveryToleranceField({ settings }: { settings: SystemSettingsAnswer }) {
  const saved =
    settings.settings.find((entry) => entry.key === KEY)?.value ?? String(DELIVERY_TOLERANCE.default);
  const save = useSaveSystemSettings();
  const form = useForm<{ percent: string }>({
    resolver: zodResolver(toleranceSchema),
    values: { percent: saved },
  });
  const submit = form.handleSubmit(({ percent }) =>
    save.mutate([{ key: KEY, value: percent, category: 'workflow' }], {
      onSuccess: () => toast.success('Delivery tolerance saved'),
      onError: (error) =>
        toast.error('Save Failed', { description: errorMessage(error, 'Please try again.') }),
    }),
  );
  const error = form.formState.errors.percent?.message;
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <FormField
        id="delivery-tolerance"
        label="Delivery tolerance (%)"
        hint="How far above an ordered quantity a delivery may be received; 0 refuses any excess."
        error={error ? `Tolerance ${error}` : undefined}
        className="min-w-0 flex-1"
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('percent')}
            type="number"
            inputMode="numeric"
            min={DELIVERY_TOLERANCE.min}
            max={DELIVERY_TOLERANCE.max}
            step="1"
            disabled={save.isPending}
          />
        )}
      </FormField>
      <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">
        Save
      </BusyButton>
    </form>
  );
}
