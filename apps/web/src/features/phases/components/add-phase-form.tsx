import { PHASE_EXISTS, PHASE_NAME_EMPTY } from '@trowel/shared/projects/phase.schemas.ts';
import type { PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCreatePhase } from '../api/create-phase.ts';
import { phaseNameTaken } from '@trowel/shared/projects/phase.names.ts';

interface PhaseTextInputProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A box for a phase's name or label (up to 120 characters), named by `label` for screen readers. */
function PhaseTextInput({ label, placeholder, value, onChange }: PhaseTextInputProps) {
  return (
    <Input
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={120}
      className="sm:flex-1"
    />
  );
}

/** A phase name and an optional label; names and labels already used in the project are refused. */
export function AddPhaseForm({ projectId, phases }: { projectId: string; phases: readonly PhaseDto[] }) {
  const [name, setName] = useState('');
  const [label, setLabel] = useState('');
  const createPhase = useCreatePhase(projectId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmedName = name.trim();
    const trimmedLabel = label.trim();
    if (!trimmedName) {
      toast.error(PHASE_NAME_EMPTY);
      return;
    }
    if (phaseNameTaken(phases, [trimmedName, trimmedLabel])) {
      toast.error('Phase already exists', { description: PHASE_EXISTS });
      return;
    }
    try {
      await createPhase.mutateAsync({ name: trimmedName, customLabel: trimmedLabel || null });
      toast.success('Phase Added', {
        description: `Phase "${trimmedLabel || trimmedName}" has been added.`,
      });
      setName('');
      setLabel('');
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        toast.error('Phase already exists', { description: PHASE_EXISTS });
      } else {
        toast.error('Failed to Add Phase', { description: errorMessage(error, 'Please try again.') });
      }
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2 sm:flex-row">
      <PhaseTextInput
        label="Phase name"
        placeholder="Phase name (e.g. Foundation)"
        value={name}
        onChange={setName}
      />
      <PhaseTextInput
        label="Phase label (optional)"
        placeholder="Label (optional)"
        value={label}
        onChange={setLabel}
      />
      <Button type="submit" disabled={createPhase.isPending}>
        {createPhase.isPending ? <Spinner className="text-white" /> : <Plus aria-hidden="true" />}
        Add Phase
      </Button>
    </form>
  );
}
