import { useQuery } from '@tanstack/react-query';
import type { RfqWhatsAppInvitationsAnswer } from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Where each vendor's WhatsApp invitation to an RFQ stands (refreshed while the page is open). */
export function useRfqWhatsAppInvitations(rfqId: string) {
  return useQuery({
    queryKey: queryKeys.notifications.rfqWhatsApp(rfqId),
    queryFn: async ({ signal }) =>
      (await api.get<RfqWhatsAppInvitationsAnswer>(`/rfqs/${rfqId}/whatsapp`, undefined, signal)).invitations,
    refetchInterval: 60_000,
  });
}
