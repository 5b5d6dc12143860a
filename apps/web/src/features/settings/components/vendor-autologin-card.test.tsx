import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SystemSettingsAnswer } from '@trowel/shared/settings/settings.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VendorAutoLoginCard } from './vendor-autologin-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const settings: SystemSettingsAnswer = {
  success: true,
  settings: [],
  vendor_autologin: [
    { key: 'enabled', value: 'true' },
    { key: 'expiry_days', value: '3' },
  ],
};
const RULE = 'Link Expiry (days) must be a whole number of days from 1 to 30.';

describe('VendorAutoLoginCard', () => {
  it('refuses 45 days beside the field, sending nothing and keeping what was typed', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, settings));
    renderWithProviders(<VendorAutoLoginCard settings={settings} />, { user: buildUser({ role: 'admin' }) });
    const days = screen.getByLabelText('Link Expiry (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Save Auto Login Settings' }));
    expect(screen.getByRole('alert')).toHaveTextContent(RULE);
    expect(days).toHaveValue(45);
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    await userEvent.clear(days);
    await userEvent.type(days, '7');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Auto Login Settings' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      settings: [
        { key: 'vendor_autologin_enabled', value: 'true', category: 'vendor_autologin' },
        { key: 'vendor_autologin_expiry_days', value: '7', category: 'vendor_autologin' },
      ],
    });
  });

  it('says what is wrong as soon as the field is left empty', async () => {
    mockFetch(() => jsonResponse(200, settings));
    renderWithProviders(<VendorAutoLoginCard settings={settings} />, { user: buildUser({ role: 'admin' }) });
    await userEvent.clear(screen.getByLabelText('Link Expiry (days)'));
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(RULE);
  });
});
