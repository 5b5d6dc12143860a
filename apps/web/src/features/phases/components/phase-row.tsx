import { countOf } from '@trowel/shared/format/plural.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { PHASE_LABEL_EMPTY, updatePhaseInput } from '@trowel/shared/projects/phase.schemas.ts';
import { statusText } from '@trowel/shared/projects/project.constants.ts';
import type { PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import { ListChecks, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { projectStatusTone } from '../../../lib/project-status.ts';
import { useUpdatePhase } from '../api/update-phase.ts';
import { phaseLabel } from '@trowel/shared/projects/phase.names.ts';

interface PhaseRowProps {
  projectId: string;
  phase: PhaseDto;
  canManage: boolean;
  tasksLabel: string;
  onDelete: (phase: PhaseDto) => void;
}

/** A phase's new label as PUT …/phases/{id} checks it (not empty). */
const renameSchema = z.object({
  customLabel: updatePhaseInput.shape.customLabel.unwrap(),
});

/** One phase: label, status, progress and its tasks link; editors rename its label inline or delete it. */
export function PhaseRow({ projectId, phase, canManage, tasksLabel, onDelete }: PhaseRowProps) {
  const label = phaseLabel(phase);
  const [editing, setEditing] = useState(false);
  const form = useForm({ resolver: zodResolver(renameSchema), defaultValues: { customLabel: label } });
  const updatePhase = useUpdatePhase(projectId);
  const headingId = `phase-${phase.id}-label`;
  const tasksPath = `/projects/${encodeURIComponent(projectId)}/phases/${encodeURIComponent(phase.name)}/edit`;

  const save = form.handleSubmit(
    async ({ customLabel }) => {
      try {
        await updatePhase.mutateAsync({ phaseId: phase.id, body: { customLabel } });
        toast.success('Phase Updated', { description: `Phase "${customLabel}" has been updated.` });
        setEditing(false);
      } catch (error) {
        toast.error('Failed to Update Phase', { description: errorMessage(error, 'Please try again.') });
      }
    },
    (errors) => toast.error(errors.customLabel?.message ?? PHASE_LABEL_EMPTY),
  );
  const edit = (open: boolean) => {
    form.reset({ customLabel: label });
    setEditing(open);
  };

  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3 sm:p-4">
      {editing ? (
        <form onSubmit={save} className="flex flex-col gap-2 sm:flex-row">
          <Input
            aria-label="Phase label"
            {...form.register('customLabel')}
            maxLength={120}
            autoFocus
            className="sm:flex-1"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={updatePhase.isPending}>
              Save
            </Button>
            <Button variant="outline" size="sm" onClick={() => edit(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      <div className={editing ? 'mt-3' : undefined}>
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-base font-semibold wrap-anywhere text-slate-900">
            {label}
          </h3>
          <Badge tone={projectStatusTone(phase.status)}>{statusText(phase.status)}</Badge>
        </div>
        {label !== phase.name ? <p className="text-xs text-slate-500">Phase: {phase.name}</p> : null}
        <div className="mt-2 flex items-center gap-3">
          <ProgressBar value={phase.progress} label={`Progress of ${label}`} className="flex-1" />
          <span className="w-10 text-right text-sm font-medium text-slate-900">{phase.progress}%</span>
        </div>
        <p className="mt-1 text-xs text-slate-500">{countOf(phase.tasks.length, 'task')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={tasksPath}>
              <ListChecks aria-hidden="true" />
              {tasksLabel}
            </Link>
          </Button>
          {canManage && !editing ? (
            <>
              <Button variant="ghost" size="sm" aria-label={`Rename ${label}`} onClick={() => edit(true)}>
                <Pencil aria-hidden="true" />
                Rename
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                aria-label={`Delete ${label}`}
                onClick={() => onDelete(phase)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
