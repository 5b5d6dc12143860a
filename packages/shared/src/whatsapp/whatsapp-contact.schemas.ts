import { z } from 'zod';
import { ok } from '../http/envelope.ts';

/** How long a verification code may be used, and how many wrong tries it takes. */
export const WHATSAPP_CODE = { length: 6, ttlMinutes: 10, maxAttempts: 5 } as const;

export const WHATSAPP_MESSAGES = {
  numberInvalid: 'Please enter a WhatsApp number with its country code, e.g. +234 803 123 4567',
  notConfigured: 'WhatsApp is not set up for this company yet.',
  codeWrong: 'That code is not right. Please check the message and try again.',
  codeExpired: 'That code has expired. Please ask for a new one.',
  codeMissing: 'Ask for a code first.',
  tooManyAttempts: 'Too many wrong codes. Please ask for a new one.',
  verifyFirst: 'Verify your WhatsApp number before choosing what to receive on it.',
} as const;

/**
 * A WhatsApp number as the Cloud API takes it (country code and number, digits only), or null: a
 * Nigerian local number (0803…) gets +234; anything else must carry its country code.
 */
export function whatsappNumber(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  if (/^0\d{10}$/.test(compact)) return `234${compact.slice(1)}`;
  const digits = compact.replace(/^\+|^00/, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** A number shown to its owner: +234 803 123 4567 style for Nigerian numbers, +digits otherwise. */
export function formatWhatsAppNumber(digits: string): string {
  const nigerian = /^234(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return nigerian ? `+234 ${nigerian[1]} ${nigerian[2]} ${nigerian[3]}` : `+${digits}`;
}

/** GET /notifications/whatsapp: the person's number, whether it is verified, and the categories chosen. */
export const whatsappContactDto = z.object({
  configured: z.boolean(),
  phone: z.string().nullable(),
  verified: z.boolean(),
  pendingPhone: z.string().nullable(),
  projectUpdates: z.boolean(),
  systemAlerts: z.boolean(),
});
export type WhatsAppContact = z.infer<typeof whatsappContactDto>;
export const whatsappContactAnswer = ok({ whatsapp: whatsappContactDto });
export type WhatsAppContactAnswer = z.output<typeof whatsappContactAnswer>;

/** POST /notifications/whatsapp/code: sends a code to this number. */
export const requestWhatsAppCodeInput = z.strictObject({
  phone: z
    .string({ error: 'phone must be a string' })
    .refine((value) => whatsappNumber(value) !== null, WHATSAPP_MESSAGES.numberInvalid),
});
export type RequestWhatsAppCodeInput = z.infer<typeof requestWhatsAppCodeInput>;

/** POST /notifications/whatsapp/verify: the code received. */
export const verifyWhatsAppCodeInput = z.strictObject({
  code: z
    .string({ error: 'code must be a string' })
    .trim()
    .regex(new RegExp(`^\\d{${WHATSAPP_CODE.length}}$`), `code must be ${WHATSAPP_CODE.length} digits`),
});
export type VerifyWhatsAppCodeInput = z.infer<typeof verifyWhatsAppCodeInput>;

/** PUT /notifications/whatsapp: the categories sent on WhatsApp (only with a verified number). */
export const saveWhatsAppCategoriesInput = z.strictObject({
  projectUpdates: z.boolean({ error: 'projectUpdates must be true or false' }).optional(),
  systemAlerts: z.boolean({ error: 'systemAlerts must be true or false' }).optional(),
});
export type SaveWhatsAppCategoriesInput = z.infer<typeof saveWhatsAppCategoriesInput>;

/** Where a message stands, as the delivery reports tell it. */
export const WHATSAPP_STATUSES = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/** One vendor's WhatsApp invitation to an RFQ, for the staff. */
export const rfqWhatsAppInvitationDto = z.object({
  vendorId: z.string(),
  status: z.enum(WHATSAPP_STATUSES),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type RfqWhatsAppInvitation = z.infer<typeof rfqWhatsAppInvitationDto>;
export const rfqWhatsAppInvitationsAnswer = ok({ invitations: z.array(rfqWhatsAppInvitationDto) });
export type RfqWhatsAppInvitationsAnswer = z.output<typeof rfqWhatsAppInvitationsAnswer>;
