import { zodResolver } from '@hookform/resolvers/zod';
import {
  saveWhatsAppIntegrationInput,
  WHATSAPP_SECRET_KEYS,
  type SaveWhatsAppIntegrationInput,
  type WhatsAppIntegration,
} from '@trowel/shared/settings/whatsapp-integration.schemas.ts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema } from '../../../lib/form-schema.ts';
import { useSaveWhatsAppIntegration, useWhatsAppIntegration } from '../api/whatsapp-integration.ts';

/** The WhatsApp Business Cloud API: ids, the access token and the webhook's secrets (administrator). */
export function WhatsAppIntegrationCard() {
  const query = useWhatsAppIntegration();
  return (
    <Card role="region" aria-labelledby="settings-whatsapp-integration">
      <CardHeader>
        <CardTitle id="settings-whatsapp-integration">WhatsApp Integration</CardTitle>
        <CardDescription>
          The WhatsApp Business Cloud API sends notifications and RFQ invitations to people who verified their
          number.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? <LoadingState label="Loading WhatsApp settings..." /> : null}
        {query.isError ? <QueryErrorState title="Failed to load WhatsApp settings" query={query} /> : null}
        {query.data ? <WhatsAppIntegrationForm saved={query.data} /> : null}
      </CardContent>
    </Card>
  );
}

type Values = Required<SaveWhatsAppIntegrationInput>;
type SecretKey = (typeof WHATSAPP_SECRET_KEYS)[number];

/** Trimmed fields; a blank secret keeps the saved one. */
const schema = bodySchema((values: Values) => {
  const body: SaveWhatsAppIntegrationInput = {
    whatsapp_phone_number_id: values.whatsapp_phone_number_id.trim(),
    whatsapp_business_account_id: values.whatsapp_business_account_id.trim(),
  };
  for (const key of WHATSAPP_SECRET_KEYS) if (values[key].trim()) body[key] = values[key].trim();
  return body;
}, saveWhatsAppIntegrationInput);

const SECRET_LABEL = {
  whatsapp_access_token: 'Access Token',
  whatsapp_app_secret: 'App Secret',
  whatsapp_verify_token: 'Webhook Verify Token',
} as const satisfies Record<SecretKey, string>;

function WhatsAppIntegrationForm({ saved }: { saved: WhatsAppIntegration }) {
  const form = useForm<Values, unknown, SaveWhatsAppIntegrationInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      whatsapp_phone_number_id: saved.whatsapp_phone_number_id,
      whatsapp_business_account_id: saved.whatsapp_business_account_id,
      whatsapp_access_token: '',
      whatsapp_app_secret: '',
      whatsapp_verify_token: '',
    },
  });
  const save = useSaveWhatsAppIntegration();
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        for (const key of WHATSAPP_SECRET_KEYS) form.setValue(key, '');
        toast.success('WhatsApp integration saved');
      },
      onError: (error) =>
        toast.error('Failed to save WhatsApp settings', {
          description: errorMessage(error, 'Please try again.'),
        }),
    }),
  );

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="whatsapp-phone-number-id"
          label="Phone Number ID"
          inputMode="numeric"
          {...form.register('whatsapp_phone_number_id')}
        />
        <InputField
          id="whatsapp-business-account-id"
          label="Business Account ID"
          inputMode="numeric"
          {...form.register('whatsapp_business_account_id')}
        />
      </div>
      {WHATSAPP_SECRET_KEYS.map((key) => (
        <div key={key}>
          <InputField
            id={`whatsapp-${key}`}
            label={SECRET_LABEL[key]}
            type="password"
            autoComplete="off"
            {...form.register(key)}
            placeholder={saved[`${key}_set`] ? `Saved (${saved[key]})` : ''}
          />
          <p className="mt-1 text-xs text-slate-500">
            {saved[`${key}_set`]
              ? 'Saved. Leave this blank to keep it.'
              : 'Not saved yet. It is stored encrypted and never shown again.'}
          </p>
        </div>
      ))}
      <p className="text-sm wrap-anywhere text-slate-600">
        Delivery reports webhook (register it with Meta): <code>{saved.webhookUrl}</code>
      </p>
      <div className="flex justify-end">
        <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">
          Save WhatsApp Settings
        </BusyButton>
      </div>
    </form>
  );
}
