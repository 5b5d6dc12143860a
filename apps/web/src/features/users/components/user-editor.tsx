import { canManageUser } from '@trowel/shared/auth/policy.ts';
import { isClientRole, isStaffRole } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useUser } from '../api/get-user.ts';
import type { UserKind } from '../types.ts';
import { assignableStaffRoles } from './assignable-roles.ts';
import { UserForm, type UserFormFieldError } from './user-form.tsx';
import { toUpdateUserBody, userToFormValues, type UserFormOutput } from './user-form-values.ts';
import { USER_KIND_TEXT } from './user-kind-text.ts';
import { reportUserSaveFailure } from './user-save-failure.ts';

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
      return reportUserSaveFailure(error, text.updateError, 'Failed to update user.');
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

/** The person is missing, or is not of this list's kind; offers the way back to the list. */
function UserNotFound({ kind }: { kind: UserKind }) {
  const text = USER_KIND_TEXT[kind];
  return (
    <div className="space-y-4 text-center">
      <ErrorState title={text.notFound} />
      <Button asChild variant="outline">
        <Link to={text.basePath}>Back to list</Link>
      </Button>
    </div>
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
      return <UserNotFound kind={kind} />;
    }
    return <QueryErrorState title={text.loadOneError} query={query} />;
  }

  const user = query.data;
  const rightKind = kind === 'clients' ? isClientRole(user.role) : isStaffRole(user.role);
  if (!rightKind) {
    return <UserNotFound kind={kind} />;
  }
  if (!canManageUser(actor, user)) {
    return <ErrorState title="Access Denied" message="You don't have permission to access this page." />;
  }
  return <EditUserForm key={user.id} kind={kind} user={user} />;
}
