import { useState } from 'react';
import { toast } from 'sonner';
import type {
  SaveWhatsAppCategoriesInput,
  WhatsAppContact,
} from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { InputField } from '../../../components/ui/field.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useRemoveWhatsAppContact,
  useRequestWhatsAppCode,
  useSaveWhatsAppCategories,
  useVerifyWhatsAppCode,
  useWhatsAppContact,
} from '../api/whatsapp-contact.ts';

/** The categories a person may receive on WhatsApp, as for email. */
const CATEGORIES = [
  [
    'projectUpdates',
    'Project Updates on WhatsApp',
    'RFQs, offers, approvals, purchase orders, budgets, material requests and deliveries.',
  ],
  ['systemAlerts', 'System Alerts on WhatsApp', 'Account and security events.'],
] as const satisfies ReadonlyArray<readonly [keyof SaveWhatsAppCategoriesInput, string, string]>;

const failed = (title: string) => (error: unknown) =>
  toast.error(title, { description: errorMessage(error, 'Please try again.') });

/** A person's WhatsApp: their number, verified by a code sent to it, and what they receive there. */
export function WhatsAppContactCard() {
  const query = useWhatsAppContact();
  return (
    <Card role="region" aria-labelledby="settings-whatsapp">
      <CardHeader>
        <CardTitle id="settings-whatsapp">WhatsApp</CardTitle>
        <CardDescription>Receive RFQs, approvals and delivery alerts on WhatsApp.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? <LoadingState label="Loading WhatsApp settings..." /> : null}
        {query.isError ? <QueryErrorState title="Failed to load WhatsApp settings" query={query} /> : null}
        {query.data && !query.data.configured && !query.data.verified ? (
          <p className="text-sm text-slate-600">WhatsApp is not set up for this company yet.</p>
        ) : null}
        {query.data?.configured || query.data?.verified ? <WhatsAppContactForm contact={query.data} /> : null}
      </CardContent>
    </Card>
  );
}

function WhatsAppContactForm({ contact }: { contact: WhatsAppContact }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const requestCode = useRequestWhatsAppCode();
  const verify = useVerifyWhatsAppCode();
  const categories = useSaveWhatsAppCategories();
  const remove = useRemoveWhatsAppContact();

  const sendCode = () =>
    requestCode.mutate(phone, {
      onSuccess: ({ whatsapp }) => toast.success(`Code sent to ${whatsapp.pendingPhone ?? phone}`),
      onError: failed('Could not send the code'),
    });
  const confirm = () =>
    verify.mutate(code, {
      onSuccess: () => {
        setCode('');
        setPhone('');
        toast.success('WhatsApp number verified');
      },
      onError: failed('Could not verify the number'),
    });

  return (
    <div className="space-y-4">
      {contact.verified ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            Verified number: <span className="font-medium">{contact.phone}</span>
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => remove.mutate(undefined, { onError: failed('Could not remove the number') })}
          >
            Stop WhatsApp messages
          </Button>
        </div>
      ) : null}
      {contact.verified
        ? CATEGORIES.map(([category, label, hint]) => (
            <SwitchField
              key={category}
              id={`whatsapp-${category}`}
              label={label}
              hint={hint}
              checked={contact[category]}
              disabled={categories.isPending}
              onCheckedChange={(on) =>
                categories.mutate({ [category]: on }, { onError: failed('Could not save') })
              }
            />
          ))
        : null}
      <div className="flex flex-wrap items-end gap-2">
        <InputField
          id="whatsapp-phone"
          label={contact.verified ? 'Change number' : 'WhatsApp number'}
          type="tel"
          autoComplete="tel"
          placeholder="+234 803 123 4567"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <BusyButton type="button" busy={requestCode.isPending} busyLabel="Sending..." onClick={sendCode}>
          Send code
        </BusyButton>
      </div>
      {contact.pendingPhone ? (
        <div className="flex flex-wrap items-end gap-2">
          <InputField
            id="whatsapp-code"
            label={`Code sent to ${contact.pendingPhone}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <BusyButton type="button" busy={verify.isPending} busyLabel="Checking..." onClick={confirm}>
            Verify
          </BusyButton>
        </div>
      ) : null}
    </div>
  );
}
