import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { passwordChangeProblem, type PasswordChangeValues } from './password-change-rules.ts';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS = [
  ['currentPassword', 'Current Password', 'current-password'],
  ['newPassword', 'New Password', 'new-password'],
  ['confirmPassword', 'Confirm New Password', 'new-password'],
] as const;

/** Change password: nothing is sent until both passwords are given, long enough and confirmed. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm<PasswordChangeValues>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const problem = passwordChangeProblem(values);
    if (problem) {
      form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
      toast.error(problem.title, { description: problem.message });
      return;
    }
    try {
      const result = await changePassword.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      form.reset(EMPTY);
      toast.success('Password Changed', {
        description: result.message || 'Your password has been changed successfully.',
      });
    } catch (error) {
      toast.error('Password Change Failed', {
        description: errorMessage(error, 'Failed to change password. Please check your current password.'),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {FIELDS.map(([field, label, autoComplete]) => (
        <FormField key={field} id={`security-${field}`} label={label} error={errors[field]?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register(field, { onChange: () => form.clearErrors(field) })}
              type="password"
              autoComplete={autoComplete}
            />
          )}
        </FormField>
      ))}
      <div className="flex justify-end">
        <BusyButton type="submit" busy={isSubmitting} busyLabel="Changing...">
          Change Password
        </BusyButton>
      </div>
    </form>
  );
}
