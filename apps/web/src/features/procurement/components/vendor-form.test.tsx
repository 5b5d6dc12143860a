import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VendorForm } from './vendor-form.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('VendorForm', () => {
  it('joins every problem with commas under Validation Error and sends nothing', async () => {
    const { calls } = mockFetch(() => jsonResponse(201, { success: true }));
    renderWithProviders(<VendorForm vendor={null} onDone={() => undefined} />, {
      user: buildUser({ role: 'quantity_surveyor' }),
    });
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.type(screen.getByLabelText('Phone Number'), '0803 123 456');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Add Vendor' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Company name is required, Contact person is required, Please enter a valid email address, Please enter a valid Nigerian phone number, Password must be at least 6 characters long',
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends a valid vendor with the phone as typed and no password when left empty', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(201, { success: true, vendor: {}, message: 'Vendor created successfully' }),
    );
    const done = vi.fn();
    renderWithProviders(<VendorForm vendor={null} onDone={done} />, { user: buildUser({ role: 'admin' }) });
    await userEvent.type(screen.getByLabelText('Company Name'), 'Okafor Cement Ltd');
    await userEvent.type(screen.getByLabelText('Contact Person'), 'Ngozi Okafor');
    await userEvent.type(screen.getByLabelText('Email'), 'ngozi@okafor.ng');
    await userEvent.type(screen.getByLabelText('Phone Number'), '+234 803 123 4567');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Construction Materials');
    await userEvent.click(screen.getByRole('button', { name: 'Add Vendor' }));
    expect(await screen.findByText('Vendor added')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: expect.objectContaining({
        name: 'Okafor Cement Ltd',
        phone: '+234 803 123 4567',
        category: 'Construction Materials',
        state: null,
        password: '',
      }),
    });
    expect(done).toHaveBeenCalled();
  });
});
