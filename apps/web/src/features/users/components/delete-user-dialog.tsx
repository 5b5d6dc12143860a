import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteUser } from '../api/delete-user.ts';

interface DeleteUserDialogProps {
  user: UserDto | null;
  onClose: () => void;
  onDeleted: (user: UserDto) => void;
}

/** Asks before deleting the named person; reports the result in a toast. */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();

  async function confirm() {
    if (!user) return;
    try {
      const result = await deleteUser.mutateAsync(user.id);
      toast.success('User Deleted', { description: result.message || `${user.name} has been deleted.` });
      onDeleted(user);
      onClose();
    } catch (error) {
      toast.error('Delete Failed', { description: errorMessage(error, 'Failed to delete user.') });
    }
  }

  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user ? `Delete ${user.name}?` : 'Delete user?'}
      description={
        user ? `Are you sure you want to delete ${user.name}? This action cannot be undone.` : undefined
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleteUser.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
