import { zodResolver } from '@hookform/resolvers/zod';
import { roleLabel, type Role } from '@trowel/shared/auth/roles.ts';
import { ROLE_REQUIRED } from '@trowel/shared/users/user.schemas.ts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { SelectOptions } from '../../../components/ui/select-field.tsx';
import {
  userFormSchema,
  type UserFormMode,
  type UserFormOutput,
  type UserFormValues,
} from './user-form-values.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** A field the server refused, to show under that field. */
export interface UserFormFieldError {
  field: 'email';
  message: string;
}

interface UserFormProps {
  mode: UserFormMode;
  /** The roles to choose from; without them the form has no role field (clients). */
  roleOptions?: readonly Role[];
  defaultValues: UserFormValues;
  submitLabel: string;
  busyLabel: string;
  cancelTo: string;
  onSubmit: (values: UserFormOutput) => Promise<UserFormFieldError | undefined>;
}

export function UserForm(props: UserFormProps) {
  const { mode, roleOptions, defaultValues, submitLabel, busyLabel, cancelTo, onSubmit } = props;
  const withRole = roleOptions !== undefined;
  const schema = useMemo(() => userFormSchema(mode, withRole), [mode, withRole]);
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      const fieldError = await onSubmit(values);
      if (fieldError) form.setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
    },
    (invalid) => {
      if (invalid.role) toast.error('Role Required', { description: ROLE_REQUIRED });
    },
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id="user-name" label="Name" required error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="name" required />}
        </FormField>
        <FormField id="user-email" label="Email" required error={errors.email?.message}>
          {(control) => (
            <Input {...control} {...form.register('email')} type="email" autoComplete="email" required />
          )}
        </FormField>
        <FormField
          id="user-password"
          label="Password"
          required={mode === 'create'}
          error={errors.password?.message}
          hint={mode === 'edit' ? 'Leave blank to keep the current password.' : 'At least 6 characters.'}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('password')}
              type="password"
              autoComplete="new-password"
              required={mode === 'create'}
            />
          )}
        </FormField>
        {withRole ? (
          <FormField id="user-role" label="Role" required error={errors.role?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('role')} required>
                <option value="">Select a role</option>
                <SelectOptions values={roleOptions} label={roleLabel} />
              </NativeSelect>
            )}
          </FormField>
        ) : null}
        <FormField id="user-phone" label="Phone" error={errors.phone?.message}>
          {(control) => <Input {...control} {...form.register('phone')} type="tel" autoComplete="tel" />}
        </FormField>
        <FormField id="user-location" label="Location" error={errors.location?.message}>
          {(control) => <Input {...control} {...form.register('location')} autoComplete="address-level2" />}
        </FormField>
        <FormField id="user-company" label="Company" error={errors.company?.message}>
          {(control) => <Input {...control} {...form.register('company')} autoComplete="organization" />}
        </FormField>
        <FormField id="user-bio" label="Bio" error={errors.bio?.message} className="sm:col-span-2">
          {(control) => <Textarea {...control} {...form.register('bio')} rows={4} />}
        </FormField>
      </div>
      <FormActions cancel={{ to: cancelTo }} busy={isSubmitting} busyLabel={busyLabel}>
        {submitLabel}
      </FormActions>
    </form>
  );
}
