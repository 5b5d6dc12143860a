import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import type { MessageRef } from '../hooks/daily-log-cache.ts';

interface DeleteMessageDialogProps {
  target: MessageRef | null;
  onClose: () => void;
}

/** Asks before deleting a log or reply; afterwards it reads '[Message deleted by user]'. */
export function DeleteMessageDialog({ target, onClose }: DeleteMessageDialogProps) {
  const deleteMessage = useDeleteMessage();

  async function confirm() {
    if (!target) return;
    try {
      await deleteMessage.mutateAsync(target);
      onClose();
    } catch (error) {
      toast.error('Delete Failed', { description: errorMessage(error, 'Failed to delete message') });
    }
  }

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target?.replyId ? 'Delete Reply' : 'Delete Log'}
      description="Are you sure you want to delete this message? Replies to it stay in the thread."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleteMessage.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
