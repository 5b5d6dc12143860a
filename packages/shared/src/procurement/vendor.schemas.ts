import { z } from 'zod';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';
import {
  VENDOR_CATEGORIES,
  VENDOR_MESSAGES as M,
  VENDOR_PASSWORD_MIN_LENGTH,
  VENDOR_STATES,
  VENDOR_STATUSES,
  normaliseNigerianPhone,
} from './vendor.constants.ts';

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required', '')} must be at most ${max} characters`);

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

/** Company name, contact, email and phone required; the phone is stored as +234 and ten digits. */
const vendorFields = {
  name: required(M.nameRequired, 160),
  contactPerson: required(M.contactRequired, 120),
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(254, M.emailInvalid)
    .pipe(z.email({ error: M.emailInvalid }))
    .transform((email) => email.toLowerCase()),
  phone: z
    .string({ error: M.phoneRequired })
    .trim()
    .min(1, M.phoneRequired)
    .transform((phone, context) => {
      const stored = normaliseNigerianPhone(phone);
      if (!stored) {
        context.addIssue({ code: 'custom', message: M.phoneInvalid });
        return z.NEVER;
      }
      return stored;
    }),
  address: optionalText('Address', 300),
  state: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z.enum(VENDOR_STATES, { error: 'State must be one of the listed states' }).nullish(),
    )
    .transform((value) => value ?? null),
  category: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z.enum(VENDOR_CATEGORIES, { error: 'Category must be one of the listed categories' }).nullish(),
    )
    .transform((value) => value ?? null),
  description: optionalText('Description', 2000),
  status: z.enum(VENDOR_STATUSES, { error: 'Status must be active, inactive or suspended' }),
};

/** POST /vendors: the vendor and its sign-in account; no password means the vendor sets their own. */
export const createVendorInput = z.strictObject({
  ...vendorFields,
  status: vendorFields.status.default('active'),
  password: z
    .union([
      z.literal(''),
      z
        .string({ error: M.passwordShort })
        .min(VENDOR_PASSWORD_MIN_LENGTH, M.passwordShort)
        .max(200, 'Password must be at most 200 characters long'),
    ])
    .nullish()
    .transform((value) => value || undefined),
});
export type CreateVendorInput = z.input<typeof createVendorInput>;
export type CreateVendorValues = z.output<typeof createVendorInput>;

/** PUT /vendors/{id}: a field left out keeps its value. */
export const updateVendorInput = z.strictObject({
  name: vendorFields.name.optional(),
  contactPerson: vendorFields.contactPerson.optional(),
  email: vendorFields.email.optional(),
  phone: vendorFields.phone.optional(),
  address: vendorFields.address.optional(),
  state: vendorFields.state.optional(),
  category: vendorFields.category.optional(),
  description: vendorFields.description.optional(),
  status: vendorFields.status.optional(),
});
export type UpdateVendorInput = z.input<typeof updateVendorInput>;
export type UpdateVendorValues = z.output<typeof updateVendorInput>;

/** What a vendor may change of their own record; status, category, email and company name are the staff's. */
export const VENDOR_SELF_EDITABLE = ['contactPerson', 'phone', 'address', 'description'] as const;

export const listVendorsQuery = pageQuery(12).extend({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  category: z.enum(VENDOR_CATEGORIES, { error: 'category is not a known category' }).optional(),
  state: z.enum(VENDOR_STATES, { error: 'state is not a known state' }).optional(),
  status: z.enum(VENDOR_STATUSES, { error: 'status must be active, inactive or suspended' }).optional(),
});
export type ListVendorsQuery = z.input<typeof listVendorsQuery>;

export const vendorDto = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  state: z.enum(VENDOR_STATES).nullable(),
  category: z.enum(VENDOR_CATEGORIES).nullable(),
  description: z.string(),
  status: z.enum(VENDOR_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorDto = z.infer<typeof vendorDto>;

/** A vendor in the staff list, with how many RFQs they were sent. */
export const vendorListItemDto = vendorDto.extend({ rfqCount: z.number().int() });
export type VendorListItem = z.infer<typeof vendorListItemDto>;

/** GET /vendors/stats (staff). */
export const vendorStatsDto = z.object({
  total: z.number().int(),
  byStatus: z.object({ active: z.number().int(), inactive: z.number().int(), suspended: z.number().int() }),
  byCategory: z.array(z.object({ category: z.string().nullable(), count: z.number().int() })),
  /** Active vendors invited to at least one RFQ that is still open. */
  activeWithOpenRfq: z.number().int(),
});
export type VendorStats = z.infer<typeof vendorStatsDto>;

/** GET /vendors/my-stats (the vendor's own figures). */
export const vendorOwnStatsDto = z.object({
  totalRfqs: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  actionRequired: z.number().int(),
  underReview: z.number().int(),
  /** RFQs awarded to them (the same as rfqsWon: 'approved' means won to a vendor). */
  approved: z.number().int(),
  /** RFQs approved with another vendor. */
  notSelected: z.number().int(),
  quotesSubmitted: z.number().int(),
  rfqsWon: z.number().int(),
  /** Their quotes' totals, exact to the kobo. */
  valueQuoted: z.number(),
  /** Their purchase orders' totals (the agreed prices), exact to the kobo. */
  valueWon: z.number(),
});
export type VendorOwnStats = z.infer<typeof vendorOwnStatsDto>;

// Answers
export const vendorAnswer = ok({ vendor: vendorDto });
/**
 * The link a vendor made without a password sets theirs with, handed to the staff member who made
 * them when it could not be emailed (email not set up): to copy, or to send on WhatsApp.
 */
export const passwordLinkDto = z.object({
  link: z.string(),
  expiresAt: z.string(),
  /** https://wa.me/<digits>?text=… with the vendor's phone and a message carrying the link. */
  whatsappUrl: z.string(),
});
export type PasswordLink = z.infer<typeof passwordLinkDto>;

export const vendorCreatedAnswer = ok({
  vendor: vendorDto,
  message: z.string(),
  /** Whether the link to set their password was emailed (false with a password given, or no email). */
  emailed: z.boolean(),
  /** The link itself, only when it was needed and could not be emailed. */
  passwordLink: passwordLinkDto.nullable(),
});
export type VendorCreatedAnswer = z.output<typeof vendorCreatedAnswer>;
/** POST /vendors/{id}/password-link: a new link for the vendor to set their password. */
export const passwordLinkSentAnswer = ok({
  message: z.string(),
  emailed: z.boolean(),
  passwordLink: passwordLinkDto.nullable(),
});
export type PasswordLinkSentAnswer = z.output<typeof passwordLinkSentAnswer>;
export const vendorListAnswer = okList('vendors', vendorListItemDto);
export const vendorStatsAnswer = ok({ stats: vendorStatsDto });
export const vendorOwnStatsAnswer = ok({ stats: vendorOwnStatsDto });
export const vendorDeletedAnswer = ok({ message: z.string() });

export type VendorAnswer = z.output<typeof vendorAnswer>;
export type VendorListAnswer = z.output<typeof vendorListAnswer>;
export type VendorStatsAnswer = z.output<typeof vendorStatsAnswer>;
export type VendorOwnStatsAnswer = z.output<typeof vendorOwnStatsAnswer>;

/** POST /auth/set-password: the first password of a vendor account, from the emailed link. */
export const setPasswordInput = z.strictObject({
  token: z.string({ error: 'The link is invalid or has expired' }).min(10).max(300),
  password: z
    .string({ error: M.passwordShort })
    .min(VENDOR_PASSWORD_MIN_LENGTH, M.passwordShort)
    .max(200, 'Password must be at most 200 characters long'),
});
export type SetPasswordInput = z.input<typeof setPasswordInput>;
export const PASSWORD_LINK_INVALID = 'This link is invalid or has expired. Please ask for a new one.';
