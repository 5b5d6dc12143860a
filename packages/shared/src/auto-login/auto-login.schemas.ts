import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import type { RfqStatus } from '../procurement/rfq.machine.ts';
import { userDto } from '../users/user.schemas.ts';

/** What a link may be used for; the spec names view_rfq. */
export const AUTO_LOGIN_ACTIONS = ['view_rfq'] as const;
export type AutoLoginAction = (typeof AUTO_LOGIN_ACTIONS)[number];

/**
 * The RFQ statuses in which a vendor has something to open: the RFQ was sent to vendors and was not
 * rejected or cancelled. Links are made for these only (the server refuses others; the web offers none).
 */
export const LINKABLE_RFQ_STATUSES = [
  'pending_vendor_response',
  'vendor_responded',
  'under_negotiation',
  'pending_admin_approval',
  'approved',
] as const satisfies readonly RfqStatus[];

/** Whether a link to an RFQ in this status may be made. */
export function isLinkableRfqStatus(status: RfqStatus): boolean {
  return (LINKABLE_RFQ_STATUSES as readonly RfqStatus[]).includes(status);
}

/** Texts of the 'RFQ Direct Access' screen and its failures (spec 3 §2.6, §8.4), verbatim. */
export const AUTO_LOGIN_MESSAGES = {
  title: 'RFQ Direct Access',
  missingToken: 'Invalid auto-login link. No token provided.',
  invalid: 'This auto-login link is invalid or has been revoked. Please log in manually.',
  failed: 'Auto-login failed. Please try logging in manually.',
  network: 'Network error occurred. Please check your connection and try again.',
  processing: 'Verifying your access link...',
  redirecting: 'Redirecting...',
  expiredTitle: 'Link Expired',
  used: 'This auto-login link has already been used. Please log in manually or ask for a new link.',
  usedTitle: 'Link Already Used',
  failedTitle: 'Login Failed',
  manualLogin: 'Manual Login',
  tryAgain: 'Try Again',
  disabled: 'Vendor auto-login is turned off in the settings.',
  disabledAtValidation: 'Auto-login links are turned off. Please log in manually.',
  vendorInactive: 'This vendor is not active',
  vendorNotInvited: 'This vendor was not sent this RFQ',
  rfqNotLinkable: 'Direct links are made only for an RFQ sent to vendors that was not rejected or cancelled',
  generateFailed: 'Could not generate an auto-login link; the message was opened without it.',
} as const;

/** 'This auto-login link has expired after 72 hours. …', with the validity the setting gives. */
export function expiredMessage(expiryDays: number): string {
  const validity = expiryDays <= 3 ? `${expiryDays * 24} hours` : `${expiryDays} days`;
  return `This auto-login link has expired after ${validity}. Please log in manually or request a new link.`;
}

/** POST /auto-login/generate (admin, quantity_surveyor). */
export const generateAutoLoginInput = z.object({
  vendorId: z.uuid({ error: 'vendorId must be a vendor id' }),
  rfqId: z.uuid({ error: 'rfqId must be an RFQ id' }),
  action: z.enum(AUTO_LOGIN_ACTIONS, { error: 'action must be view_rfq' }).optional().default('view_rfq'),
});
export type GenerateAutoLoginInput = z.input<typeof generateAutoLoginInput>;

export const generateAutoLoginAnswer = ok({
  token: z.string(),
  /** {PUBLIC_URL}/auth/auto-login?token=… */
  link: z.string(),
  expiresAt: z.string(),
  /** https://wa.me/<digits>?text=<message>: the vendor's phone and a message with the RFQ title and the link. */
  whatsappUrl: z.string(),
});
export type GenerateAutoLoginAnswer = z.output<typeof generateAutoLoginAnswer>;

/**
 * POST /auto-login/validate (public). A missing body is a missing token; a token of any other shape
 * is the server's to refuse as INVALID_TOKEN.
 */
export const validateAutoLoginInput = z.preprocess(
  (value) => value ?? {},
  z.object({
    token: z
      .string({ error: AUTO_LOGIN_MESSAGES.missingToken })
      .trim()
      .min(1, AUTO_LOGIN_MESSAGES.missingToken),
  }),
);

export const validateAutoLoginAnswer = ok({
  /** A new ordinary session of the vendor (never the link's own token). */
  token: z.string(),
  user: userDto,
  rfq: z.object({ id: z.string(), title: z.string() }),
  redirectUrl: z.string(),
  expiresAt: z.string(),
});
export type ValidateAutoLoginAnswer = z.output<typeof validateAutoLoginAnswer>;

/** The chat message a link travels in; without a link when generating it failed. */
export function autoLoginMessage(input: {
  vendorName: string;
  rfqTitle: string;
  link: string | null;
}): string {
  const greeting = `Hello ${input.vendorName}, you have a request for quotation: "${input.rfqTitle}".`;
  if (!input.link) return `${greeting} Please sign in to Trowel to view it.`;
  return `${greeting} Open it directly (no password needed): ${input.link}`;
}

/** The WhatsApp address for a phone (digits only, +234… or 0…) and a message. */
export function whatsappUrl(phone: string, message: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) digits = `234${digits.slice(1)}`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
