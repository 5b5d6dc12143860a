import { toast } from 'sonner';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { SystemSettingsAnswer } from '@trowel/shared/settings/settings.schemas.ts';
import { useSaveSystemSettings } from '../api/system-settings.ts';
import { SettingsCard } from './settings-card.tsx';

const valueOf = (answer: SystemSettingsAnswer, key: string) =>
  answer.settings.find((entry) => entry.key === key)?.value;

/** The budget workflow: whether budgets pass a quantity surveyor review (saved at once). */
export function WorkflowCard({ settings }: { settings: SystemSettingsAnswer }) {
  const save = useSaveSystemSettings();
  const saved = valueOf(settings, 'budget_qs_review_enabled') === 'true';
  const checked = save.isPending ? save.variables[0]?.value === 'true' : saved;
  return (
    <SettingsCard title="Workflow" description="How budgets travel from the project lead to approval.">
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
    </SettingsCard>
  );
}
