import { zodResolver } from '@hookform/resolvers/zod';
import { phaseNameTaken } from '@trowel/shared/projects/phase.names.ts';
import { createPhaseInput, PHASE_EXISTS, PHASE_NAME_EMPTY } from '@trowel/shared/projects/phase.schemas.ts';
import type { PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import { Plus } from 'lucide-react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { bodySchema } from '../../../lib/form-schema.ts';
import { useCreatePhase } from '../api/create-phase.ts';

interface PhaseTextInputProps {
  label: string;
  placeholder: string;
  registration: UseFormRegisterReturn;
}

/** A box for a phase's name or label (up to 120 characters), named by `label` for screen readers. */
function PhaseTextInput({ label, placeholder, registration }: PhaseTextInputProps) {
  return (
    <Input
      aria-label={label}
      placeholder={placeholder}
      {...registration}
      maxLength={120}
      className="sm:flex-1"
    />
  );
}

/** A new phase as POST …/phases checks it, and not named or labelled like another phase of the project. */
const addPhaseSchema = (phases: readonly PhaseDto[]) =>
  bodySchema(
    (values: { name: string; customLabel: string }) => ({
      name: values.name,
      customLabel: values.customLabel.trim() || null,
    }),
    createPhaseInput.refine((phase) => !phaseNameTaken(phases, [phase.name, phase.customLabel]), {
      message: PHASE_EXISTS,
      path: ['name'],
    }),
  );

/** A phase name and an optional label; names and labels already used in the project are refused. */
export function AddPhaseForm({ projectId, phases }: { projectId: string; phases: readonly PhaseDto[] }) {
  const createPhase = useCreatePhase(projectId);
  const form = useForm({
    resolver: zodResolver(addPhaseSchema(phases)),
    defaultValues: { name: '', customLabel: '' },
  });

  const submit = form.handleSubmit(
    async (phase) => {
      try {
        await createPhase.mutateAsync(phase);
        toast.success('Phase Added', {
          description: `Phase "${phase.customLabel || phase.name}" has been added.`,
        });
        form.reset();
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          toast.error('Phase already exists', { description: PHASE_EXISTS });
        } else {
          toast.error('Failed to Add Phase', { description: errorMessage(error, 'Please try again.') });
        }
      }
    },
    (errors) => {
      if (errors.name?.message === PHASE_EXISTS)
        toast.error('Phase already exists', { description: PHASE_EXISTS });
      else toast.error(errors.name?.message ?? PHASE_NAME_EMPTY);
    },
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row">
      <PhaseTextInput
        label="Phase name"
        placeholder="Phase name (e.g. Foundation)"
        registration={form.register('name')}
      />
      <PhaseTextInput
        label="Phase label (optional)"
        placeholder="Label (optional)"
        registration={form.register('customLabel')}
      />
      <Button type="submit" disabled={createPhase.isPending}>
        {createPhase.isPending ? <Spinner className="text-white" /> : <Plus aria-hidden="true" />}
        Add Phase
      </Button>
    </form>
  );
}
