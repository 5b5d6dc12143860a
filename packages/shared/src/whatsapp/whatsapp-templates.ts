import type { NotificationType } from '../notifications/notification.schemas.ts';

/** The events Trowel sends on WhatsApp, one approved template each (the Cloud API's rule for business-initiated messages). */
export const WHATSAPP_EVENTS = [
  'verification_code',
  'rfq_invitation',
  'negotiation_offer',
  'final_approval',
  'purchase_order_issued',
  'budget_awaiting_approval',
  'material_request_answered',
  'delivery_short',
] as const;
export type WhatsAppEvent = (typeof WHATSAPP_EVENTS)[number];

interface WhatsAppTemplate {
  /** The name the company registers with Meta. */
  name: string;
  /** The body as registered: {{n}} are the parameters, in order. */
  body: string;
  /** What each parameter holds, in order. */
  parameters: readonly string[];
  /** A media header, registered with the template: a document (PDF) sent with each message. */
  header?: { format: 'DOCUMENT'; holds: string };
}

/** Every template: its name, its registered text and its parameters (listed in the README for Meta). */
export const WHATSAPP_TEMPLATES = {
  verification_code: {
    name: 'trowel_verification_code',
    body: 'Your Trowel verification code is {{1}}. It expires in 10 minutes. Do not share it.',
    parameters: ['the six-digit code'],
  },
  rfq_invitation: {
    name: 'trowel_rfq_invitation',
    body: 'Hello {{1}}, you are invited to quote on {{2}}. Open your RFQ (the link works once): {{3}}',
    parameters: ['vendor contact name', 'RFQ number and title', 'one-time sign-in link'],
  },
  negotiation_offer: {
    name: 'trowel_negotiation_offer',
    body: 'Trowel: {{1}} Answer the offer here: {{2}}',
    parameters: ['the offer (RFQ, amount)', 'link'],
  },
  final_approval: {
    name: 'trowel_final_approval',
    body: 'Trowel: {{1}} Details: {{2}}',
    parameters: ['what was approved', 'link'],
  },
  purchase_order_issued: {
    name: 'trowel_purchase_order_issued',
    body: 'Trowel: {{1}} View the purchase order: {{2}}',
    parameters: ['the order (number, RFQ, total)', 'link'],
    header: { format: 'DOCUMENT', holds: 'the purchase order as a PDF (PO-000123.pdf)' },
  },
  budget_awaiting_approval: {
    name: 'trowel_budget_awaiting_approval',
    body: 'Trowel: {{1}} Review it here: {{2}}',
    parameters: ['the budget (project, total)', 'link'],
  },
  material_request_answered: {
    name: 'trowel_material_request_answered',
    body: 'Trowel: {{1}} Details: {{2}}',
    parameters: ['the answer to the request', 'link'],
  },
  delivery_short: {
    name: 'trowel_delivery_short',
    body: 'Trowel: {{1}} Details: {{2}}',
    parameters: ['what was short on which order', 'link'],
  },
} as const satisfies Record<WhatsAppEvent, WhatsAppTemplate>;

/** The media header a template is registered with, if any (the purchase order's document). */
export function whatsappTemplateHeader(event: WhatsAppEvent): WhatsAppTemplate['header'] {
  const template: WhatsAppTemplate = WHATSAPP_TEMPLATES[event];
  return template.header;
}

/** The language every template is registered in. */
export const WHATSAPP_TEMPLATE_LANGUAGE = 'en';

/** The template text with its parameters filled in (what the person reads). */
export function renderWhatsAppTemplate(event: WhatsAppEvent, parameters: readonly string[]): string {
  return WHATSAPP_TEMPLATES[event].body.replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => parameters[Number(n) - 1] ?? '',
  );
}

const MATERIAL_ANSWERS = new Set([
  'Material request approved',
  'Material request rejected',
  'Material request returned for review',
]);
const OFFERS = new Set(['Price negotiation received', 'Counter negotiation received']);

/**
 * The WhatsApp event of a notification, read from its type and title (the titles are the products'
 * fixed texts), or null: most notifications are not sent on WhatsApp. RFQ invitations are sent by a
 * step of their own, with each vendor's one-time link, so their notification is not one of these.
 */
export function whatsappEventOf(notice: { type: NotificationType; title: string }): WhatsAppEvent | null {
  const { type, title } = notice;
  if (type === 'budget') return title === 'Budget Awaiting Review' ? 'budget_awaiting_approval' : null;
  if (type === 'material')
    return MATERIAL_ANSWERS.has(title) || title.startsWith('Materials: ')
      ? 'material_request_answered'
      : null;
  if (type !== 'rfq') return null;
  if (OFFERS.has(title)) return 'negotiation_offer';
  if (title === 'Your quotation was selected') return 'final_approval';
  if (/^Purchase order .+ awarded$/.test(title)) return 'purchase_order_issued';
  if (/^Delivery short on .+$/.test(title)) return 'delivery_short';
  return null;
}
