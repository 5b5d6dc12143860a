import { emailCategoryOf } from '@trowel/shared/notifications/notification-preferences.ts';
import type { WhatsAppEvent } from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import type { JobRow } from '../../db/schema.ts';
import { publicLink } from '../../mail/mail-queue.ts';
import type { ModuleContext } from '../../platform.ts';
import { sendWhatsAppOnce } from './send-whatsapp-once.ts';

interface WhatsAppNotificationPayload {
  notificationId: string;
  userId: string;
  event: WhatsAppEvent;
}

/**
 * The WhatsApp message of one notification to one person (queued with the notification, for people
 * whose verified number and categories allowed it): checked again when it leaves, so a number removed
 * or a category turned off since stops it. Parameters: the notification's text and its link.
 */
export async function sendWhatsAppNotification(
  ctx: ModuleContext,
  job: JobRow,
): Promise<Record<string, unknown>> {
  const { notificationId, userId, event } = job.payload as WhatsAppNotificationPayload;
  const notification = await ctx.mailStore.notification(notificationId);
  if (!notification) return { sent: 0, skipped: 'The notification was removed' };
  const contact = await ctx.whatsapp.contact(userId);
  if (!contact?.phone) return { sent: 0, skipped: 'No verified WhatsApp number' };
  if (!contact[emailCategoryOf(notification.type)]) return { sent: 0, skipped: 'Category turned off' };
  const link = publicLink(
    ctx.config,
    notification.link?.startsWith('/') ? notification.link : '/notifications',
  );
  const outcome = await sendWhatsAppOnce(
    ctx,
    { dedupeKey: `notice:${notificationId}:${userId}`, userId, event, toPhone: contact.phone },
    [notification.message, link],
  );
  return { outcome };
}
