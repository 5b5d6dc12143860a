import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import type { JobRow } from '../../db/schema.ts';
import { renderEmail } from '../../mail/email-content.ts';
import { publicLink, queueEmail } from '../../mail/mail-queue.ts';
import { hashToken, newLinkToken } from '../../lib/session-token.ts';
import { WHATSAPP_JOB_ATTEMPTS, WHATSAPP_RFQ_INVITATION_JOB } from '../../notices/whatsapp-jobs.ts';
import type { ModuleContext } from '../../platform.ts';
import { reactionTo } from '../../workflow/workflow-transaction.ts';
import { sendWhatsAppOnce } from './send-whatsapp-once.ts';

const DAY_MS = 86_400_000;

interface RfqInvitationPayload {
  rfqId: string;
  vendorId: string;
  userId: string;
  vendorName: string;
  rfqLabel: string;
  sentBy: string;
}

/**
 * When an RFQ is sent to vendors, each invited vendor with a verified WhatsApp number who receives
 * project updates on it is sent the invitation there, with a one-time link of their own (a job each,
 * in the step's transaction: nothing leaves unless the RFQ was sent). The others keep the email.
 */
export const inviteVendorsOnWhatsApp = reactionTo(
  rfqMachine,
  async (tx, taken) => {
    const rfq = await tx.repos.rfqs.lock(taken.id);
    if (!rfq) return;
    const vendors = (await tx.repos.rfqs.invitations(rfq.id))
      .map(({ vendor }) => vendor)
      .filter((vendor) => vendor.status === 'active' && vendor.userId);
    const phones = await tx.repos.whatsapp.verifiedPhones(vendors.map((vendor) => vendor.userId!));
    for (const vendor of vendors) {
      if (!phones.get(vendor.userId!)?.projectUpdates) continue;
      const payload: RfqInvitationPayload = {
        rfqId: rfq.id,
        vendorId: vendor.id,
        userId: vendor.userId!,
        vendorName: vendor.contactPerson || vendor.name,
        rfqLabel: `RFQ #${rfq.number} "${rfq.title}"`,
        sentBy: taken.actor.id,
      };
      await tx.repos.jobs.enqueueOnce({
        type: WHATSAPP_RFQ_INVITATION_JOB,
        payload: { ...payload },
        maxAttempts: WHATSAPP_JOB_ATTEMPTS,
        singletonKey: `whatsapp:rfq-invitation:${rfq.id}:${vendor.id}`,
      });
    }
  },
  { actions: ['send_to_vendors'] },
);

/**
 * A one-time link that signs the vendor in to this RFQ (vendor auto-login, when the settings allow
 * it; a newer link replaces their open ones), else the RFQ's page behind the sign-in.
 */
async function vendorLink(ctx: ModuleContext, invitation: RfqInvitationPayload): Promise<string> {
  const settings = await ctx.settings.vendorAutoLogin();
  if (!settings.enabled) return publicLink(ctx.config, `/rfqs/${invitation.rfqId}`);
  const token = newLinkToken();
  const link = {
    tokenHash: hashToken(token),
    vendorId: invitation.vendorId,
    rfqId: invitation.rfqId,
    action: 'view_rfq' as const,
    createdBy: invitation.sentBy,
    expiresAt: new Date(Date.now() + settings.expiryDays * DAY_MS),
  };
  await ctx.db.transaction((tx) => ctx.withDb(tx).autoLogin.replaceOpen(link));
  return publicLink(ctx.config, `/auth/auto-login?token=${encodeURIComponent(token)}`);
}

/** The `whatsapp-rfq-invitation` job: the invitation to one vendor, once, with their own link. */
export async function sendRfqInvitation(ctx: ModuleContext, job: JobRow): Promise<Record<string, unknown>> {
  const invitation = job.payload as RfqInvitationPayload;
  const contact = await ctx.whatsapp.contact(invitation.userId);
  if (!contact?.phone || !contact.projectUpdates) {
    await emailRfqInvitation(ctx, job, 'The vendor no longer receives WhatsApp messages');
    return { sent: 0, fallback: 'email' };
  }
  const outcome = await sendWhatsAppOnce(
    ctx,
    {
      dedupeKey: `rfq-invitation:${invitation.rfqId}:${invitation.vendorId}`,
      userId: invitation.userId,
      event: 'rfq_invitation',
      toPhone: contact.phone,
      rfqId: invitation.rfqId,
      vendorId: invitation.vendorId,
    },
    async () => ({
      parameters: [invitation.vendorName, invitation.rfqLabel, await vendorLink(ctx, invitation)],
    }),
  );
  return { outcome };
}

/** The fallback when WhatsApp could not take the invitation: the same invitation and link by email. */
export async function emailRfqInvitation(ctx: ModuleContext, job: JobRow, reason: string) {
  const invitation = job.payload as RfqInvitationPayload;
  const [person] = await ctx.mailStore.people([invitation.userId]);
  if (!person) return;
  const link = await vendorLink(ctx, invitation);
  const { text, html } = renderEmail({
    heading: `Request for quotation: ${invitation.rfqLabel}`,
    paragraphs: [
      `Hello ${invitation.vendorName}, you are invited to quote on ${invitation.rfqLabel}.`,
      'The button opens the RFQ once, without a password.',
    ],
    action: { label: 'Open the RFQ', url: link },
    footer: `Sent by Trowel by email because WhatsApp could not deliver it (${reason.slice(0, 120)}).`,
  });
  await queueEmail(ctx, {
    to: person.email,
    subject: `Request for quotation: ${invitation.rfqLabel}`,
    text,
    html,
  });
  ctx.wakeWorker();
}
