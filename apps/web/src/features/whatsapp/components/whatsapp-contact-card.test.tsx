import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WhatsAppContact } from '@trowel/shared/whatsapp/whatsapp-contact.schemas.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { whatsappDeliveryText } from './whatsapp-delivery.tsx';
import { WhatsAppContactCard } from './whatsapp-contact-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const none: WhatsAppContact = {
  configured: true,
  phone: null,
  verified: false,
  pendingPhone: null,
  projectUpdates: false,
  systemAlerts: false,
};

describe('WhatsAppContactCard', () => {
  it('sends a code to the number typed, then verifies it and shows the categories', async () => {
    let state = none;
    const { calls } = mockFetch((call) => {
      if (call.path === '/notifications/whatsapp/code')
        state = { ...state, pendingPhone: '+234 803 555 0101' };
      if (call.path === '/notifications/whatsapp/verify')
        state = {
          ...state,
          pendingPhone: null,
          phone: '+234 803 555 0101',
          verified: true,
          projectUpdates: true,
        };
      return jsonResponse(200, { success: true, whatsapp: state });
    });
    renderWithProviders(<WhatsAppContactCard />, { user: buildUser({ role: 'vendor' }) });
    await userEvent.type(await screen.findByLabelText('WhatsApp number'), '0803 555 0101');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code sent to +234 803 555 0101'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('+234 803 555 0101')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Project Updates on WhatsApp' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { phone: '0803 555 0101' },
      { code: '123456' },
    ]);
  });

  it('says so when the company has not set WhatsApp up', async () => {
    mockFetch(() => jsonResponse(200, { success: true, whatsapp: { ...none, configured: false } }));
    renderWithProviders(<WhatsAppContactCard />, { user: buildUser() });
    expect(await screen.findByText('WhatsApp is not set up for this company yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('WhatsApp number')).not.toBeInTheDocument());
  });
});

describe('whatsappDeliveryText', () => {
  const at = (time: string) => new Date(`2026-11-27T${time}:00`).toISOString();
  const base = {
    vendorId: 'v',
    sentAt: at('10:41'),
    deliveredAt: null,
    readAt: null,
    failedAt: null,
    error: null,
  };
  // The person's clock may be 12- or 24-hour (Settings > Appearance).
  const plain = (text: string) => text.replace(/\s[ap]\.?m\.?/gi, '');
  it('tells the furthest a message went, with the times', () => {
    expect(
      plain(whatsappDeliveryText({ ...base, status: 'read', deliveredAt: at('10:42'), readAt: at('10:45') })),
    ).toBe('WhatsApp: delivered 10:42, read 10:45');
    expect(plain(whatsappDeliveryText({ ...base, status: 'sent' }))).toBe('WhatsApp: sent 10:41');
    expect(plain(whatsappDeliveryText({ ...base, status: 'failed', failedAt: at('10:43') }))).toBe(
      'WhatsApp: failed 10:43, sent by email',
    );
  });
});
