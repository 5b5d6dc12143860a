import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VendorPasswordLinkButton } from './vendor-password-link-button.tsx';

afterEach(() => vi.unstubAllGlobals());

const vendor = { id: '8c9d0e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f', name: 'Obi Building Materials Ltd' };
const passwordLink = {
  link: 'https://trowel.test/login?setPassword=abc',
  expiresAt: '2026-12-04T10:00:00.000Z',
  whatsappUrl: 'https://wa.me/2348035550101?text=x',
};

describe('VendorPasswordLinkButton', () => {
  it('hands a link that was not emailed to the page, to copy or send on WhatsApp', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, message: 'not emailed', emailed: false, passwordLink }),
    );
    const onNotEmailed = vi.fn();
    renderWithProviders(<VendorPasswordLinkButton vendor={vendor} onNotEmailed={onNotEmailed} />, {
      user: buildUser({ role: 'quantity_surveyor' }),
    });
    await userEvent.click(screen.getByRole('button', { name: `Password Link for ${vendor.name}` }));
    await waitFor(() =>
      expect(onNotEmailed).toHaveBeenCalledWith({
        vendorName: vendor.name,
        message: 'not emailed',
        passwordLink,
      }),
    );
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/vendors/${vendor.id}/password-link` });
  });

  it('says so when the link was emailed, and hands nothing on', async () => {
    mockFetch(() =>
      jsonResponse(200, { success: true, message: 'It was emailed.', emailed: true, passwordLink: null }),
    );
    const onNotEmailed = vi.fn();
    renderWithProviders(<VendorPasswordLinkButton vendor={vendor} onNotEmailed={onNotEmailed} />, {
      user: buildUser({ role: 'admin' }),
    });
    await userEvent.click(screen.getByRole('button', { name: /Password Link for/ }));
    expect(await screen.findByText('It was emailed.')).toBeInTheDocument();
    expect(onNotEmailed).not.toHaveBeenCalled();
  });
});
