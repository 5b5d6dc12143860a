import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import {
  WHATSAPP_CODE_JOB,
  WHATSAPP_NOTIFICATION_JOB,
  WHATSAPP_RFQ_INVITATION_JOB,
  whatsappRetryDelaySeconds,
} from '../../notices/whatsapp-jobs.ts';
import { emailRfqInvitation, inviteVendorsOnWhatsApp, sendRfqInvitation } from './rfq-invitation.ts';
import { sendWhatsAppCode } from './whatsapp-contact.service.ts';
import { sendWhatsAppNotification } from './whatsapp-notification-job.ts';
import { whatsappRepository } from './whatsapp.repository.ts';
import { whatsappRoutes } from './whatsapp.routes.ts';
import { whatsappWebhookRoutes } from './whatsapp-webhook.routes.ts';

const repositories = {
  whatsapp: whatsappRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

const sending = { retryDelaySeconds: whatsappRetryDelaySeconds, keepDays: 30 };

/**
 * WhatsApp as a channel beside email, through the Cloud API: the integration's settings, people's
 * verified numbers and categories, template messages from the job queue (notifications, verification
 * codes, RFQ invitations with each vendor's one-time link, falling back to email) and delivery reports.
 */
export const whatsappModule: ServerModule = {
  name: 'whatsapp',
  repositories,
  routes: [whatsappRoutes, whatsappWebhookRoutes],
  workflowReactions: [inviteVendorsOnWhatsApp],
  jobKinds: {
    [WHATSAPP_NOTIFICATION_JOB]: { run: sendWhatsAppNotification, ...sending },
    [WHATSAPP_CODE_JOB]: { run: sendWhatsAppCode, ...sending },
    [WHATSAPP_RFQ_INVITATION_JOB]: { run: sendRfqInvitation, failed: emailRfqInvitation, ...sending },
  },
};
