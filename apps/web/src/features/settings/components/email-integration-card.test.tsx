import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EmailIntegrationCard } from './email-integration-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const saved = {
  zeptomail_api_key: '********1234',
  zeptomail_api_key_set: true,
  zeptomail_from_email: 'noreply@trowel.test',
  zeptomail_from_name: 'Trowel',
  zeptomail_test_email: '',
};

describe('EmailIntegrationCard', () => {
  it('keeps the saved key when its box is left blank, and asks for a test address before sending one', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, settings: saved }));
    renderWithProviders(<EmailIntegrationCard />, { user: buildUser({ role: 'admin' }) });
    expect(await screen.findByLabelText('From Email')).toHaveValue('noreply@trowel.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Please provide a test email address.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('From Name'));
    await userEvent.type(screen.getByLabelText('From Name'), ' Site Office ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Email Settings' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      zeptomail_from_email: 'noreply@trowel.test',
      zeptomail_from_name: 'Site Office',
      zeptomail_test_email: '',
    });
    await userEvent.type(screen.getByLabelText('ZeptoMail API Key'), 'new-send-mail-token');
    await userEvent.click(screen.getByRole('button', { name: 'Save Email Settings' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({
      zeptomail_api_key: 'new-send-mail-token',
    });
    expect(await screen.findAllByText('Email integration saved')).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('ZeptoMail API Key')).toHaveValue(''));
  });
});
