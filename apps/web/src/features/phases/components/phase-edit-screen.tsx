import { canEditOwnTask, canEditTasksFully } from '@trowel/shared/projects/project.policy.ts';
import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LoadingState } from '../../../components/ui/states.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { PhaseEditor, type PhaseEditorProps } from './phase-editor.tsx';
import { PhaseTasksView } from './phase-tasks-view.tsx';

interface PhaseEditScreenProps extends Omit<PhaseEditorProps, 'phase'> {
  project: ProjectDto;
  /** The phase's name as the address gives it (decoded). */
  phaseName: string;
}

/**
 * Finds the phase of the address in the project; a missing one says so and goes back to the project.
 * Those who may change a task of it get the editor; everyone else reads the tasks.
 */
export function PhaseEditScreen({ project, phaseName, ...editor }: PhaseEditScreenProps) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const phase = project.phases.find((candidate) => candidate.name === phaseName);
  const missing = phase === undefined;

  useEffect(() => {
    if (!missing) return;
    toast.error('Phase not found', { description: `This project has no phase named "${phaseName}".` });
    void navigate(`/projects/${encodeURIComponent(project.id)}`, { replace: true });
  }, [missing, phaseName, project.id, navigate]);

  if (!phase) return <LoadingState label="Loading phase details..." />;
  const mayChange =
    canEditTasksFully(user, project) || phase.tasks.some((task) => canEditOwnTask(user, task));
  if (!mayChange) {
    return (
      <PhaseTasksView
        projectId={project.id}
        phase={phase}
        onViewAttachment={(attachment) => editor.onViewAttachment(attachment)}
        renderThumbnail={editor.renderThumbnail}
      />
    );
  }
  return <PhaseEditor key={phase.id} project={project} phase={phase} {...editor} />;
}
