import type { RfqWhatsAppInvitation } from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import { notFound } from '../../http/app-error.ts';
import type { ModuleContext } from '../../platform.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Where each vendor's WhatsApp invitation to an RFQ stands (staff only: no price is in it). */
export async function rfqWhatsAppInvitations(
  ctx: ModuleContext,
  rfqId: string,
): Promise<RfqWhatsAppInvitation[]> {
  if (!(await ctx.rfqs.find(rfqId))) throw notFound('RFQ');
  const rows = await ctx.whatsapp.rfqInvitations(rfqId);
  return rows.map((row) => ({
    vendorId: row.vendorId ?? '',
    status: row.status,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    failedAt: iso(row.failedAt),
    error: row.error,
  }));
}
