import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VendorForm } from './vendor-form.tsx';
import { VendorPasswordLink } from './vendor-password-link.tsx';

const PASSWORD_LINK = {
  link: 'https://trowel.example/login?setPassword=abc.def.ghi',
  expiresAt: '2026-11-27T10:00:00.000Z',
  whatsappUrl: 'https://wa.me/2348031234567?text=Hello',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a vendor added while email is not set up', () => {
  it('is handed over with the link instead of a claim that it was emailed', async () => {
    const answer = {
      success: true,
      vendor: { id: 'v-1', name: 'Okafor Cement Ltd' },
      message: VENDOR_MESSAGES.createdLinkNotEmailed,
      emailed: false,
      passwordLink: PASSWORD_LINK,
    };
    mockFetch(() => jsonResponse(201, answer));
    const handed = vi.fn();
    renderWithProviders(<VendorForm vendor={null} onDone={() => undefined} onLinkNotEmailed={handed} />, {
      user: buildUser({ role: 'quantity_surveyor' }),
    });
    await userEvent.type(screen.getByLabelText('Company Name'), 'Okafor Cement Ltd');
    await userEvent.type(screen.getByLabelText('Contact Person'), 'Ngozi Okafor');
    await userEvent.type(screen.getByLabelText('Email'), 'ngozi@okafor.ng');
    await userEvent.type(screen.getByLabelText('Phone Number'), '0803 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Add Vendor' }));
    expect(await screen.findByText('The link to set their password was not emailed.')).toBeInTheDocument();
    expect(screen.queryByText(/was emailed to them/)).not.toBeInTheDocument();
    expect(handed).toHaveBeenCalledWith(expect.objectContaining({ passwordLink: PASSWORD_LINK }));
  });

  it('offers the link to copy and to send on WhatsApp', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const done = vi.fn();
    renderWithProviders(
      <VendorPasswordLink
        vendorName="Okafor Cement Ltd"
        message={VENDOR_MESSAGES.createdLinkNotEmailed}
        passwordLink={PASSWORD_LINK}
        onDone={done}
      />,
    );
    expect(screen.getByText(VENDOR_MESSAGES.createdLinkNotEmailed)).toBeInTheDocument();
    expect(screen.getByLabelText(/Link to set their password/)).toHaveValue(PASSWORD_LINK.link);
    expect(screen.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      PASSWORD_LINK.whatsappUrl,
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(PASSWORD_LINK.link);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(done).toHaveBeenCalled();
  });
});
