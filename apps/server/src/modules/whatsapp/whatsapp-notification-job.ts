import { emailCategoryOf } from '@trowel/shared/notifications/notification-preferences.ts';
import { whatsappTemplateHeader, type WhatsAppEvent } from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import type { JobRow } from '../../db/schema.ts';
import { publicLink } from '../../mail/mail-queue.ts';
import type { NoticeDocument, RenderedDocument } from '../../notices/notice-documents.ts';
import type { ModuleContext } from '../../platform.ts';
import { uploadDocument } from './graph-client.ts';
import { sendWhatsAppOnce } from './send-whatsapp-once.ts';

interface WhatsAppNotificationPayload {
  notificationId: string;
  userId: string;
  event: WhatsAppEvent;
  /** The notice's document (jobs queued before notices carried one have none). */
  document?: NoticeDocument | null;
}

/**
 * The document a template with a document header is sent with, drawn for this person by the module
 * that owns it; null when the notice carries none or the person may no longer read it.
 */
async function headerDocument(
  ctx: ModuleContext,
  payload: WhatsAppNotificationPayload,
): Promise<RenderedDocument | null> {
  if (!payload.document) return null;
  const source = ctx.noticeDocuments[payload.document.kind];
  return source ? source(ctx, payload.document.id, payload.userId) : null;
}

/**
 * The WhatsApp message of one notification to one person (queued with the notification, for people
 * whose verified number and categories allowed it): checked again when it leaves, so a number removed
 * or a category turned off since stops it. Parameters: the notification's text and its link; a
 * template registered with a document header (the purchase order) is sent with the notice's document,
 * uploaded to the Cloud API once the message is marked.
 */
export async function sendWhatsAppNotification(
  ctx: ModuleContext,
  job: JobRow,
): Promise<Record<string, unknown>> {
  const payload = job.payload as WhatsAppNotificationPayload;
  const { notificationId, userId, event } = payload;
  const notification = await ctx.mailStore.notification(notificationId);
  if (!notification) return { sent: 0, skipped: 'The notification was removed' };
  const contact = await ctx.whatsapp.contact(userId);
  if (!contact?.phone) return { sent: 0, skipped: 'No verified WhatsApp number' };
  if (!contact[emailCategoryOf(notification.type)]) return { sent: 0, skipped: 'Category turned off' };
  const link = publicLink(
    ctx.config,
    notification.link?.startsWith('/') ? notification.link : '/notifications',
  );
  const parameters = [notification.message, link];
  const header = whatsappTemplateHeader(event);
  const document = header ? await headerDocument(ctx, payload) : null;
  // The template as registered needs its document: without one it cannot be sent at all.
  if (header && !document) return { sent: 0, skipped: 'The document is not available to them' };
  const outcome = await sendWhatsAppOnce(
    ctx,
    { dedupeKey: `notice:${notificationId}:${userId}`, userId, event, toPhone: contact.phone },
    document ? async () => ({ parameters, document: await uploadDocument(ctx, document) }) : { parameters },
  );
  return { outcome, ...(document ? { document: document.fileName } : {}) };
}
