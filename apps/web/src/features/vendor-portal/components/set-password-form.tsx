import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetPassword } from '../api/my-profile.ts';

/** A vendor sets their first password from the link they were emailed, then signs in. */
export function SetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const setPasswordCall = useSetPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 6) return setProblem(VENDOR_MESSAGES.passwordShort);
    if (password !== confirm) return setProblem('The passwords do not match');
    setProblem(undefined);
    setPasswordCall.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success('Password set. You can now sign in.');
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error, 'Failed to set the password')),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Set your password">
      <FormField id="new-password" label="New password" required error={problem}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </FormField>
      <FormField id="confirm-password" label="Confirm password" required>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        )}
      </FormField>
      <BusyButton type="submit" className="w-full" busy={setPasswordCall.isPending} busyLabel="Saving...">
        Set Password
      </BusyButton>
    </form>
  );
}
