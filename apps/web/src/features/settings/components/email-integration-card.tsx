import {
  TEST_EMAIL_MISSING,
  type EmailIntegration,
  type SaveEmailIntegrationInput,
} from '@trowel/shared/settings/settings.schemas.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
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

function EmailIntegrationForm({ saved }: { saved: EmailIntegration }) {
  const [apiKey, setApiKey] = useState('');
  const [fromEmail, setFromEmail] = useState(saved.zeptomail_from_email);
  const [fromName, setFromName] = useState(saved.zeptomail_from_name);
  const [testEmail, setTestEmail] = useState(saved.zeptomail_test_email);
  const save = useSaveEmailIntegration();
  const sendTest = useSendTestEmail();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input: SaveEmailIntegrationInput = {
      zeptomail_from_email: fromEmail.trim(),
      zeptomail_from_name: fromName.trim(),
      zeptomail_test_email: testEmail.trim(),
      // A blank key field keeps the saved key.
      ...(apiKey.trim() ? { zeptomail_api_key: apiKey.trim() } : {}),
    };
    save.mutate(input, {
      onSuccess: () => {
        setApiKey('');
        toast.success('Email integration saved');
      },
      onError: (error) =>
        toast.error('Failed to save email integration settings...', {
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  };

  const test = () => {
    if (!testEmail.trim()) {
      toast.error('Missing Information', { description: TEST_EMAIL_MISSING });
      return;
    }
    sendTest.mutate(testEmail.trim(), {
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
          value={apiKey}
          placeholder={saved.zeptomail_api_key_set ? `Saved (${saved.zeptomail_api_key})` : 'Send Mail Token'}
          onChange={(event) => setApiKey(event.target.value)}
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
          value={fromEmail}
          onChange={(event) => setFromEmail(event.target.value)}
        />
        <InputField
          id="email-from-name"
          label="From Name"
          value={fromName}
          onChange={(event) => setFromName(event.target.value)}
        />
      </div>
      <InputField
        id="email-test-address"
        label="Test Email Address"
        type="email"
        value={testEmail}
        onChange={(event) => setTestEmail(event.target.value)}
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
