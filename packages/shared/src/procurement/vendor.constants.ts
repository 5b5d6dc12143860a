/** Vendor categories (spec 3 §9). */
export const VENDOR_CATEGORIES = [
  'Construction Materials',
  'Electrical Supplies',
  'Plumbing Supplies',
  'Hardware & Tools',
  'Safety Equipment',
  'Finishing Materials',
  'Landscaping',
  'Other',
] as const;
export type VendorCategory = (typeof VENDOR_CATEGORIES)[number];

/** Nigerian states a vendor may be in (spec 3 §9). */
export const VENDOR_STATES = [
  'Lagos',
  'Abuja (FCT)',
  'Ogun',
  'Oyo',
  'Kano',
  'Rivers',
  'Kaduna',
  'Anambra',
  'Imo',
  'Plateau',
  'Cross River',
  'Delta',
  'Edo',
  'Enugu',
  'Akwa Ibom',
  'Other',
] as const;
export type VendorState = (typeof VENDOR_STATES)[number];

/** Only active vendors sign in, are sent RFQs and quote. */
export const VENDOR_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

export const VENDOR_STATUS_LABELS = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
} as const satisfies Record<VendorStatus, string>;

export const VENDOR_PASSWORD_MIN_LENGTH = 6;

/** Form and server texts of spec 3 §5, verbatim. */
export const VENDOR_MESSAGES = {
  nameRequired: 'Company name is required',
  contactRequired: 'Contact person is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid Nigerian phone number',
  passwordShort: 'Password must be at least 6 characters long',
  validationTitle: 'Validation Error',
  loadFailed: 'Failed to load vendors. Please try again.',
  saveFailed: 'Failed to save vendor. Please try again.',
  passwordLinkFailed: 'Failed to send the password link. Please try again.',
  deleteFailed: 'Failed to delete vendor. Please try again.',
  profileLoadFailed: 'Failed to load profile data',
  updateFailed: 'Update Failed',
  profileNotFound: 'Vendor Profile Not Found',
  /** The server's text for a vendor account whose vendor record is gone or not active. */
  serverProfileNotFound: 'Vendor profile not found',
  deactivated: 'Your vendor account appears to have been deactivated. Please contact support for assistance.',
  dashboardFailed: 'Failed to load dashboard data',
  emailTaken: 'A user with this email already exists',
  created: 'Vendor created successfully',
  createdLinkEmailed: 'Vendor created successfully. A link to set their password was emailed to them.',
  createdLinkNotEmailed:
    'Vendor created, but the link to set their password was not emailed: email is not set up. Copy the link or send it on WhatsApp so they can sign in.',
  passwordLinkEmailed: 'A new link to set their password was emailed to the vendor.',
  passwordLinkNotEmailed:
    'A new link to set their password was made but not emailed: email is not set up. Copy the link or send it on WhatsApp so they can sign in.',
  passwordLinkInactive: 'Only an active vendor can be sent a link to set their password',
} as const;

/** The chat message that carries a new vendor's link to set their password. */
export function passwordLinkMessage(input: { contactPerson: string; company: string; link: string }): string {
  return (
    `Hello ${input.contactPerson}, ${input.company} has been added as a vendor on Trowel. ` +
    `Set your password here to sign in and see the requests for quotation sent to you: ${input.link} ` +
    `(the link works for 7 days and only once).`
  );
}

/** +234 or 0, then 7, 8 or 9, then 0 or 1, then 8 digits; spaces ignored. */
const NIGERIAN_PHONE = /^(?:\+234|0)([789][01]\d{8})$/;

/** Whether a phone number is Nigerian by the spec's pattern (spaces ignored). */
export function isNigerianPhone(phone: string): boolean {
  return NIGERIAN_PHONE.test(phone.replace(/\s+/g, ''));
}

/** The number in the one stored form, +234 followed by ten digits; null when it is not Nigerian. */
export function normaliseNigerianPhone(phone: string): string | null {
  const match = NIGERIAN_PHONE.exec(phone.replace(/\s+/g, ''));
  return match ? `+234${match[1]}` : null;
}
