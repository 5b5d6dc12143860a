import { DELETE_PROJECT_CONFIRMATION } from '@trowel/shared/projects/project.constants.ts';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteProject } from '../api/delete-project.ts';

interface DeleteProjectDialogProps {
  project: { id: string; title: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before deleting a project with everything in it; reports the result in a toast. */
export function DeleteProjectDialog({ project, onClose, onDeleted }: DeleteProjectDialogProps) {
  const deleteProject = useDeleteProject();

  async function confirm() {
    if (!project) return;
    try {
      await deleteProject.mutateAsync(project.id);
      toast.success('Project Deleted', {
        description: `Project "${project.title}" has been deleted successfully.`,
      });
      onClose();
      onDeleted?.();
    } catch (error) {
      toast.error('Delete Failed', {
        description: errorMessage(error, 'Failed to delete project. Please try again.'),
      });
    }
  }

  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Project"
      description={project ? DELETE_PROJECT_CONFIRMATION(project.title) : undefined}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleteProject.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
