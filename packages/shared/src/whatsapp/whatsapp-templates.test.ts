import { describe, expect, it } from 'vitest';
import { budgetAuthorNotice, budgetReviewNotice } from '../budgets/budget.notices.ts';
import {
  materialRequestNotice,
  materialToSupplyNotice,
} from '../material-requests/material-request.notices.ts';
import { PURCHASE_ORDER_NOTICES } from '../purchase-orders/purchase-order.notices.ts';
import {
  renderWhatsAppTemplate,
  WHATSAPP_EVENTS,
  WHATSAPP_TEMPLATES,
  whatsappEventOf,
} from './whatsapp-templates.ts';
import { formatWhatsAppNumber, whatsappNumber } from './whatsapp-contact.schemas.ts';

const told = { by: 'Ada Obi', items: [{ name: 'Cement', quantity: 10, unit: 'bags' }], notes: null };
const budget = { projectTitle: 'Lekki Pearl', total: 2_500_000 };

describe('whatsappEventOf', () => {
  it.each([
    [{ type: 'budget', ...budgetReviewNotice(budget) }, 'budget_awaiting_approval'],
    [{ type: 'budget', ...budgetAuthorNotice('approve', { ...budget, by: 'Ada', remarks: null }) }, null],
    [{ type: 'material', ...materialRequestNotice('approve', told) }, 'material_request_answered'],
    [{ type: 'material', ...materialRequestNotice('reject', told) }, 'material_request_answered'],
    [{ type: 'material', ...materialRequestNotice('mark_unavailable', told) }, 'material_request_answered'],
    [{ type: 'material', ...materialRequestNotice('resubmit', told) }, null],
    [{ type: 'material', ...materialToSupplyNotice({ ...told, projectTitle: 'Lekki' }) }, null],
    [{ type: 'rfq', title: PURCHASE_ORDER_NOTICES.shortTitle('PO-2026-0007') }, 'delivery_short'],
    [{ type: 'rfq', title: PURCHASE_ORDER_NOTICES.deliveredTitle('PO-2026-0007') }, null],
    [{ type: 'rfq', title: 'Purchase order PO-2026-0007 awarded' }, 'purchase_order_issued'],
    [{ type: 'rfq', title: 'Price negotiation received' }, 'negotiation_offer'],
    [{ type: 'rfq', title: 'Your quotation was selected' }, 'final_approval'],
    [{ type: 'rfq', title: 'New Request for Quotation' }, null],
    [{ type: 'project', title: 'New Project' }, null],
  ] as const)('%o → %s', (notice, event) => {
    expect(whatsappEventOf(notice)).toBe(event);
  });
});

describe('the templates', () => {
  it('have one distinct name per event and as many parameters as their body names', () => {
    const names = WHATSAPP_EVENTS.map((event) => WHATSAPP_TEMPLATES[event].name);
    expect(new Set(names).size).toBe(WHATSAPP_EVENTS.length);
    for (const event of WHATSAPP_EVENTS) {
      const { body, parameters } = WHATSAPP_TEMPLATES[event];
      expect(body.match(/\{\{\d+\}\}/g)?.length, event).toBe(parameters.length);
    }
    expect(renderWhatsAppTemplate('verification_code', ['123456'])).toContain('code is 123456.');
  });
});

describe('whatsappNumber', () => {
  it.each([
    ['0803 123 4567', '2348031234567'],
    ['+234 803 123 4567', '2348031234567'],
    ['+44 7700 900123', '447700900123'],
    ['0044 7700 900123', '447700900123'],
    ['12345', null],
    ['0803 123', null],
  ])('%s → %s', (input, expected) => {
    expect(whatsappNumber(input)).toBe(expected);
  });
  it('shows a Nigerian number grouped', () => {
    expect(formatWhatsAppNumber('2348031234567')).toBe('+234 803 123 4567');
  });
});
