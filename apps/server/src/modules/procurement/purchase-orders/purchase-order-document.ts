import { AppError } from '../../../http/app-error.ts';
import type { NoticeDocumentSource } from '../../../platform.ts';
import { purchaseOrderPdf } from './purchase-orders.service.ts';

/**
 * The purchase order's PDF for a notice that carries it (the vendor's "awarded" notice on WhatsApp),
 * drawn as `GET /purchase-orders/{id}/pdf` draws it for that person: null when they may not read the
 * order (404 there) or are no longer an active user.
 */
export const purchaseOrderNoticeDocument: NoticeDocumentSource = async (ctx, id, readerId) => {
  const reader = await ctx.users.findById(readerId);
  if (!reader) return null;
  try {
    const { fileName, bytes } = await purchaseOrderPdf(ctx, reader, id);
    return { fileName, mimeType: 'application/pdf', bytes };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
};
