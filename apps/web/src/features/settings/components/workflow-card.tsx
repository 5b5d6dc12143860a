import { toast } from 'sonner';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { SystemSettingsAnswer } from '@trowel/shared/settings/settings.schemas.ts';
import { useSaveSystemSettings } from '../api/system-settings.ts';
import { DeliveryToleranceField } from './delivery-tolerance-field.tsx';
import { SettingsCard } from './settings-card.tsx';

const valueOf = (answer: SystemSettingsAnswer, key: string) =>
  answer.settings.find((entry) => entry.key === key)?.value;

/**
 * The workflows: whether budgets pass a quantity surveyor review (saved at once), and the tolerance on
 * deliveries against purchase orders.
 */
export function WorkflowCard({ settings }: { settings: SystemSettingsAnswer }) {
  const save = useSaveSystemSettings();
  const saved = valueOf(settings, 'budget_qs_review_enabled') === 'true';
  const checked = save.isPending ? save.variables[0]?.value === 'true' : saved;
  return (
    <SettingsCard
      title="Workflow"
      description="How budgets travel from the project lead to approval, and how much deliveries may exceed an order."
    >
      <SwitchField
        id="workflow-qs-review"
        label="Quantity Surveyor Review"
        hint={
          checked
            ? 'Budgets go project lead → quantity surveyor → accountant → admin.'
            : 'Budgets go project lead → accountant → admin.'
        }
        checked={checked}
        disabled={save.isPending}
        onCheckedChange={(on) =>
          save.mutate([{ key: 'budget_qs_review_enabled', value: String(on), category: 'workflow' }], {
            onSuccess: () => toast.success('Workflow saved'),
            onError: (error) =>
              toast.error('Save Failed', { description: errorMessage(error, 'Please try again.') }),
          })
        }
      />
      <DeliveryToleranceField settings={settings} />
    </SettingsCard>
  );
}
