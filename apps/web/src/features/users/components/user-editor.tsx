import { canManageUser } from '@trowel/shared/auth/policy.ts';
import { isStaffRole } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useUser } from '../api/get-user.ts';
import type { UserKind } from '../types.ts';
import { assignableStaffRoles } from './assignable-roles.ts';
import { UserForm, type UserFormFieldError } from './user-form.tsx';
import { toUpdateUserBody, userToFormValues, type UserFormOutput } from './user-form-values.ts';
import { USER_KIND_TEXT } from './user-kind-text.ts';

function EditUserForm({ kind, user }: { kind: UserKind; user: UserDto }) {
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const updateUser = useUpdateUser();
  const text = USER_KIND_TEXT[kind];

  async function onSubmit(values: UserFormOutput): Promise<UserFormFieldError | undefined> {
    try {
      const input = toUpdateUserBody(values, kind === 'staff');
      const updated = await updateUser.mutateAsync({ userId: user.id, input });
      toast.success(text.updated, { description: `${updated.name} has been updated.` });
      void navigate(text.basePath);
      return undefined;
    } catch (error) {
      const message = errorMessage(error, 'Failed to update user.');
      toast.error(text.updateError, { description: message });
      return isApiError(error) && error.code === 'EMAIL_TAKEN' ? { field: 'email', message } : undefined;
    }
  }

  return (
    <UserForm
      mode="edit"
      roleOptions={kind === 'staff' ? assignableStaffRoles(actor, user) : undefined}
      defaultValues={userToFormValues(user)}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      cancelTo={text.basePath}
      onSubmit={onSubmit}
    />
  );
}

function BackLink({ to }: { to: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={to}>Back to list</Link>
    </Button>
  );
}

/** Loads the person and shows the edit form, or why it cannot be edited here. */
export function UserEditor({ kind, userId }: { kind: UserKind; userId: string }) {
  const actor = useCurrentUser();
  const query = useUser(userId);
  const text = USER_KIND_TEXT[kind];

  if (query.isPending) return <LoadingState label={text.loadingOne} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <div className="space-y-4 text-center">
          <ErrorState title={text.notFound} />
          <BackLink to={text.basePath} />
        </div>
      );
    }
    return (
      <ErrorState
        title={text.loadOneError}
        message={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const user = query.data;
  const rightKind = kind === 'clients' ? user.role === 'client' : isStaffRole(user.role);
  if (!rightKind) {
    return (
      <div className="space-y-4 text-center">
        <ErrorState title={text.notFound} />
        <BackLink to={text.basePath} />
      </div>
    );
  }
  if (!canManageUser(actor, user)) {
    return <ErrorState title="Access Denied" message="You don't have permission to access this page." />;
  }
  return <EditUserForm key={user.id} kind={kind} user={user} />;
}
