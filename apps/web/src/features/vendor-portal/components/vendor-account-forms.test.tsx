import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VendorDto } from '@trowel/shared/procurement/vendor.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SetPasswordForm } from './set-password-form.tsx';
import { VendorProfile } from './vendor-profile.tsx';

afterEach(() => vi.unstubAllGlobals());

const vendor: VendorDto = {
  id: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  name: 'Okafor Cement Ltd',
  contactPerson: 'Ngozi Okafor',
  email: 'ngozi@okafor.ng',
  phone: '+2348031234567',
  address: '',
  state: null,
  category: null,
  description: '',
  status: 'active',
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-01-05T09:00:00.000Z',
};

describe('SetPasswordForm', () => {
  it('says under the password when it is short or not confirmed, then sends it with the token', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, message: 'ok' }));
    const done = vi.fn();
    renderWithProviders(<SetPasswordForm token="pl_0123456789abcdef" onDone={done} />, { user: null });
    await userEvent.type(screen.getByLabelText(/New password/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/New password/), '6');
    await userEvent.type(screen.getByLabelText(/Confirm password/), '123457');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/Confirm password/));
    await userEvent.type(screen.getByLabelText(/Confirm password/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/set-password',
      body: { token: 'pl_0123456789abcdef', password: '123456' },
    });
  });

  it('shows the server refusal under the password', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        success: false,
        error: 'This link is invalid or has expired.',
        code: 'VALIDATION_ERROR',
      }),
    );
    renderWithProviders(<SetPasswordForm token="pl_0123456789abcdef" onDone={() => {}} />, { user: null });
    await userEvent.type(screen.getByLabelText(/New password/), '123456');
    await userEvent.type(screen.getByLabelText(/Confirm password/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
  });
});

describe('VendorProfile', () => {
  it('joins the problems under Validation Error, then sends the four fields as typed', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, vendor }));
    renderWithProviders(<VendorProfile vendor={vendor} />, { user: buildUser({ role: 'vendor' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.clear(screen.getByLabelText(/Contact Person/));
    await userEvent.clear(screen.getByLabelText(/Phone Number/));
    await userEvent.type(screen.getByLabelText(/Phone Number/), '0803 123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Contact person is required, Please enter a valid Nigerian phone number'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Contact Person/), 'Chidi Okafor');
    await userEvent.type(screen.getByLabelText(/Phone Number/), ' 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: `/vendors/${vendor.id}`,
      body: { contactPerson: 'Chidi Okafor', phone: '0803 123 4567', address: '', description: '' },
    });
  });

  it('names the account status as the staff screens do', () => {
    renderWithProviders(<VendorProfile vendor={{ ...vendor, status: 'suspended' }} />, {
      user: buildUser({ role: 'vendor' }),
    });
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Suspended');
  });
});
