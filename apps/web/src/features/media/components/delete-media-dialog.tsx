import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteMedia } from '../api/delete-media.ts';

interface DeleteMediaDialogProps {
  item: Pick<MediaItemDto, 'id' | 'originalName'> | null;
  onClose: () => void;
}

/** Asks before deleting a media file; 'File Deleted' once done. */
export function DeleteMediaDialog({ item, onClose }: DeleteMediaDialogProps) {
  const deleteMedia = useDeleteMedia();

  async function confirm() {
    if (!item) return;
    try {
      await deleteMedia.mutateAsync(item.id);
      toast.success('File Deleted', { description: `"${item.originalName}" has been deleted.` });
      onClose();
    } catch (error) {
      toast.error('Delete Failed', { description: errorMessage(error, 'Failed to delete media file') });
    }
  }

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete File"
      description={
        item
          ? `Are you sure you want to delete "${item.originalName}"? This action cannot be undone.`
          : undefined
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleteMedia.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
