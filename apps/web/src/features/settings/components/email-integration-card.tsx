import { zodResolver } from '@hookform/resolvers/zod';
import {
  saveEmailIntegrationInput,
  TEST_EMAIL_MISSING,
  type EmailIntegration,
  type SaveEmailIntegrationInput,
} from '@trowel/shared/settings/settings.schemas.ts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema } from '../../../lib/form-schema.ts';
import { useEmailIntegration, useSaveEmailIntegration, useSendTestEmail } from '../api/email-integration.ts';
import { SettingsCard } from './settings-card.tsx';
import { testEmailFailureMessage } from './test-email-message.ts';

/** The email provider (ZeptoMail): key, sender, and a test email sent now. */
export function EmailIntegrationCard() {
  const query = useEmailIntegration();
  return (
    <SettingsCard
      title="Email Integration"
      description="ZeptoMail sends Trowel's emails: notifications, digests and vendor messages."
    >
      {query.isPending ? <LoadingState label="Loading email settings..." /> : null}
      {query.isError ? <QueryErrorState title="Failed to load email settings" query={query} /> : null}
      {query.data ? <EmailIntegrationForm saved={query.data} /> : null}
    </SettingsCard>
  );
}

/** The integration's fields by their wire names; the key box starts blank (a saved key is only ever masked). */
type EmailIntegrationValues = Required<SaveEmailIntegrationInput>;

/** The fields as PUT /admin/settings/email/zeptomail reads them: trimmed; a blank key keeps the saved key. */
const emailIntegrationSchema = bodySchema((values: EmailIntegrationValues) => {
  const { zeptomail_api_key: apiKey, ...fields } = values;
  const trimmed = {
    zeptomail_from_email: fields.zeptomail_from_email.trim(),
    zeptomail_from_name: fields.zeptomail_from_name.trim(),
    zeptomail_test_email: fields.zeptomail_test_email.trim(),
  };
  return apiKey.trim() ? { ...trimmed, zeptomail_api_key: apiKey.trim() } : trimmed;
}, saveEmailIntegrationInput);

function EmailIntegrationForm({ saved }: { saved: EmailIntegration }) {
  const form = useForm<EmailIntegrationValues, unknown, SaveEmailIntegrationInput>({
    resolver: zodResolver(emailIntegrationSchema),
    defaultValues: {
      zeptomail_api_key: '',
      zeptomail_from_email: saved.zeptomail_from_email,
      zeptomail_from_name: saved.zeptomail_from_name,
      zeptomail_test_email: saved.zeptomail_test_email,
    },
  });
  const save = useSaveEmailIntegration();
  const sendTest = useSendTestEmail();

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        form.setValue('zeptomail_api_key', '');
        toast.success('Email integration saved');
      },
      onError: (error) =>
        toast.error('Failed to save email integration settings...', {
          description: errorMessage(error, 'Please try again.'),
        }),
    }),
  );

  const test = () => {
    const testEmail = form.getValues('zeptomail_test_email').trim();
    if (!testEmail) {
      toast.error('Missing Information', { description: TEST_EMAIL_MISSING });
      return;
    }
    sendTest.mutate(testEmail, {
      onSuccess: ({ message }) => toast.success('Test Email Sent', { description: message }),
      onError: (error) =>
        toast.error(testEmailFailureMessage(error), { description: errorMessage(error, '') || undefined }),
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <InputField
          id="email-api-key"
          label="ZeptoMail API Key"
          type="password"
          autoComplete="off"
          {...form.register('zeptomail_api_key')}
          placeholder={saved.zeptomail_api_key_set ? `Saved (${saved.zeptomail_api_key})` : 'Send Mail Token'}
        />
        <p className="mt-1 text-xs text-slate-500">
          {saved.zeptomail_api_key_set
            ? `A key is saved: ${saved.zeptomail_api_key}. Leave this blank to keep it.`
            : 'No key saved yet. It is stored encrypted and never shown again.'}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="email-from-email"
          label="From Email"
          type="email"
          {...form.register('zeptomail_from_email')}
        />
        <InputField id="email-from-name" label="From Name" {...form.register('zeptomail_from_name')} />
      </div>
      <InputField
        id="email-test-address"
        label="Test Email Address"
        type="email"
        {...form.register('zeptomail_test_email')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={test} disabled={sendTest.isPending}>
          {sendTest.isPending ? 'Sending...' : 'Send Test Email'}
        </Button>
        <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">
          Save Email Settings
        </BusyButton>
      </div>
    </form>
  );
}
