import type { RfqWhatsAppInvitation } from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import { formatTime } from '../../../lib/format-date.ts';
import { useRfqWhatsAppInvitations } from '../api/rfq-whatsapp-invitations.ts';

/** "WhatsApp: delivered 10:42, read 10:45" (or sent, sending, failed) for one invitation. */
export function whatsappDeliveryText(invitation: RfqWhatsAppInvitation): string {
  if (invitation.status === 'failed')
    return `WhatsApp: failed ${formatTime(invitation.failedAt)}, sent by email`;
  if (invitation.status === 'sending') return 'WhatsApp: sending';
  const steps = [
    invitation.deliveredAt ? `delivered ${formatTime(invitation.deliveredAt)}` : null,
    invitation.readAt ? `read ${formatTime(invitation.readAt)}` : null,
  ].filter(Boolean);
  return `WhatsApp: ${steps.length > 0 ? steps.join(', ') : `sent ${formatTime(invitation.sentAt)}`}`;
}

/** Where a vendor's WhatsApp invitation to an RFQ stands, beside the vendor; nothing when none was sent. */
export function useWhatsAppDelivery(rfqId: string) {
  const query = useRfqWhatsAppInvitations(rfqId);
  return (vendorId: string) => {
    const invitation = query.data?.find((item) => item.vendorId === vendorId);
    if (!invitation) return null;
    return (
      <span
        className={invitation.status === 'failed' ? 'block text-red-700' : 'block text-emerald-700'}
        data-testid="whatsapp-delivery"
      >
        {whatsappDeliveryText(invitation)}
      </span>
    );
  };
}
