import { isLinkableRfqStatus } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useVendorRfqs } from '../api/get-vendor-rfqs.ts';
import { SendWhatsAppLinkButton, type WhatsAppTarget } from './send-whatsapp-link-button.tsx';

/** From the vendor list: choose which of the vendor's RFQs the link opens (those links are made for), then send it. */
export function VendorWhatsAppLink({ vendor }: { vendor: WhatsAppTarget['vendor'] }) {
  const [open, setOpen] = useState(false);
  const [rfqId, setRfqId] = useState('');
  const selectId = useId();
  const rfqs = useVendorRfqs(vendor.id, open);
  const linkable = rfqs.data?.filter((rfq) => isLinkableRfqStatus(rfq.status)) ?? [];
  const chosen = linkable.find((rfq) => rfq.id === rfqId) ?? linkable[0];

  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <MessageCircle aria-hidden="true" />
        Send link via WhatsApp
      </Button>
    );
  }
  return (
    <div className="flex w-full flex-col gap-2 rounded-md border border-slate-200 p-2 sm:w-auto">
      {rfqs.isPending ? (
        <Spinner />
      ) : rfqs.isError ? (
        <p className="text-sm text-red-700">
          Failed to load RFQs. Please try again.{' '}
          <Button variant="link" size="sm" onClick={() => void rfqs.refetch()}>
            Retry
          </Button>
        </p>
      ) : linkable.length === 0 ? (
        <p className="text-sm text-slate-600">No RFQ was sent to this vendor yet.</p>
      ) : (
        <>
          <label htmlFor={selectId} className="text-xs font-medium text-slate-700">
            RFQ the link opens
          </label>
          <NativeSelect
            id={selectId}
            value={chosen?.id ?? ''}
            onChange={(event) => setRfqId(event.target.value)}
          >
            {linkable.map((rfq) => (
              <option key={rfq.id} value={rfq.id}>
                RFQ #{rfq.number} {rfq.title}
              </option>
            ))}
          </NativeSelect>
          {chosen ? (
            <SendWhatsAppLinkButton target={{ vendor, rfq: { id: chosen.id, title: chosen.title } }} />
          ) : null}
        </>
      )}
      <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
        Close
      </Button>
    </div>
  );
}
