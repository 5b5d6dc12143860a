import { isLinkableRfqStatus } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import type { RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SendWhatsAppLinkButton } from './send-whatsapp-link-button.tsx';

/** On the staff's RFQ: each active invited vendor can be sent a link that opens it without a password. */
export function VendorLinksCard({ rfq }: { rfq: RfqDto }) {
  const vendors = rfq.vendors.filter((entry) => entry.vendor.status === 'active');
  if (!isLinkableRfqStatus(rfq.status) || vendors.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Direct links for vendors</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {vendors.map(({ vendor }) => (
            <li key={vendor.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium wrap-anywhere text-slate-900">{vendor.name}</p>
                <p className="text-slate-600">{vendor.phone}</p>
              </div>
              <SendWhatsAppLinkButton target={{ vendor, rfq: { id: rfq.id, title: rfq.title } }} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
