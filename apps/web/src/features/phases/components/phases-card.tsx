import { DELETE_PHASE_CONFIRMATION } from '@trowel/shared/projects/project.constants.ts';
import type { ProjectDto, PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeletePhase } from '../api/delete-phase.ts';
import { AddPhaseForm } from './add-phase-form.tsx';
import { phaseLabel } from '@trowel/shared/projects/phase.names.ts';
import { PhaseRow } from './phase-row.tsx';

interface PhasesCardProps {
  project: ProjectDto;
  canManage: boolean;
  /** People who only follow the work (clients) open the tasks to view them. */
  viewOnly?: boolean;
}

/** The project's phases; editors add, rename and delete them. */
export function PhasesCard({ project, canManage, viewOnly = false }: PhasesCardProps) {
  const [pendingDelete, setPendingDelete] = useState<PhaseDto | null>(null);
  const deletePhase = useDeletePhase(project.id);

  async function confirmDelete() {
    if (!pendingDelete) return;
    const label = phaseLabel(pendingDelete);
    try {
      await deletePhase.mutateAsync(pendingDelete.id);
      toast.success('Phase Deleted', { description: `Phase "${label}" has been deleted.` });
      setPendingDelete(null);
    } catch (error) {
      toast.error('Failed to Delete Phase', { description: errorMessage(error, 'Please try again.') });
    }
  }

  return (
    <Card role="region" aria-labelledby="phases-title">
      <CardHeader>
        <CardTitle id="phases-title">Phases</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {canManage ? <AddPhaseForm projectId={project.id} phases={project.phases} /> : null}
        {project.phases.length === 0 ? (
          <EmptyState
            title="No phases yet"
            description={canManage ? 'Add the first phase of this project above.' : undefined}
          />
        ) : (
          <ul aria-label="Phases" className="space-y-3">
            {project.phases.map((phase) => (
              <PhaseRow
                key={phase.id}
                projectId={project.id}
                phase={phase}
                canManage={canManage}
                tasksLabel={viewOnly ? 'View Tasks' : 'Manage Tasks'}
                onDelete={setPendingDelete}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title="Delete Phase"
        description={pendingDelete ? DELETE_PHASE_CONFIRMATION(phaseLabel(pendingDelete)) : undefined}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deletePhase.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
