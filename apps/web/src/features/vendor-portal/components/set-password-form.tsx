import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordInput } from '@trowel/shared/procurement/vendor.schemas.ts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetPassword } from '../api/my-profile.ts';

export const PASSWORDS_DIFFER = 'The passwords do not match';

/** The password as the call checks it, and its confirmation (both problems shown under the password). */
const setPasswordForm = setPasswordInput
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, { message: PASSWORDS_DIFFER, path: ['password'] });

/** A vendor sets their first password from the link they were emailed, then signs in. */
export function SetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const setPasswordCall = useSetPassword();
  const form = useForm({
    resolver: zodResolver(setPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const problem = form.formState.errors.password?.message;

  const submit = form.handleSubmit(({ password }) =>
    setPasswordCall.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success('Password set. You can now sign in.');
          onDone();
        },
        onError: (error) =>
          form.setError('password', { message: errorMessage(error, 'Failed to set the password') }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Set your password">
      <FormField id="new-password" label="New password" required error={problem}>
        {(control) => (
          <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <FormField id="confirm-password" label="Confirm password" required>
        {(control) => (
          <Input {...control} {...form.register('confirm')} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <BusyButton type="submit" className="w-full" busy={setPasswordCall.isPending} busyLabel="Saving...">
        Set Password
      </BusyButton>
    </form>
  );
}
