import { COMPANY_NAME } from '@trowel/shared/config/constants.ts';
import { isRole } from '@trowel/shared/auth/roles.ts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../../lib/session.ts';
import { useCreateUser } from '../api/create-user.ts';
import type { UserKind } from '../types.ts';
import { assignableStaffRoles } from './assignable-roles.ts';
import { UserForm, type UserFormFieldError } from './user-form.tsx';
import { emptyUserFormValues, toCreateUserBody, type UserFormOutput } from './user-form-values.ts';
import { USER_KIND_TEXT } from './user-kind-text.ts';
import { reportUserSaveFailure } from './user-save-failure.ts';

/** The add-staff and add-client form: staff start as team members of the company. */
export function UserCreator({ kind }: { kind: UserKind }) {
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const createUser = useCreateUser();
  const text = USER_KIND_TEXT[kind];
  const roleOptions = kind === 'staff' ? assignableStaffRoles(actor) : undefined;
  const defaultValues =
    kind === 'staff'
      ? emptyUserFormValues({ role: 'team_member', company: COMPANY_NAME })
      : emptyUserFormValues();

  async function onSubmit(values: UserFormOutput): Promise<UserFormFieldError | undefined> {
    const role = kind === 'clients' ? 'client' : isRole(values.role) ? values.role : 'team_member';
    try {
      const user = await createUser.mutateAsync(toCreateUserBody(values, role));
      toast.success(text.added, { description: `${user.name} has been added.` });
      void navigate(text.basePath);
      return undefined;
    } catch (error) {
      return reportUserSaveFailure(error, text.addError, 'Failed to create user.');
    }
  }

  return (
    <UserForm
      mode="create"
      roleOptions={roleOptions}
      defaultValues={defaultValues}
      submitLabel={text.addLabel}
      busyLabel="Saving..."
      cancelTo={text.basePath}
      onSubmit={onSubmit}
    />
  );
}
