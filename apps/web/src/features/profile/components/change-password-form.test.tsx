import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setAuthFailureHandler, setToken } from '../../../lib/api-client.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

afterEach(() => vi.unstubAllGlobals());

async function fill(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current Password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New Password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordForm', () => {
  it('sends nothing without both passwords', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true }));
    renderWithProviders(<ChangePasswordForm />);
    await fill('', 'abcdef', 'abcdef');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your current password.');
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("refuses a short password with 'Password Too Short'", async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true }));
    renderWithProviders(<ChangePasswordForm />);
    await fill('demo1234', 'abc', 'abc');
    expect(await screen.findByText('Password Too Short')).toBeInTheDocument();
    expect(screen.getAllByText('Password must be at least 6 characters long.').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it("refuses a different confirmation with 'Password Mismatch'", async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true }));
    renderWithProviders(<ChangePasswordForm />);
    await fill('demo1234', 'newpass1', 'newpass2');
    expect(await screen.findByText('Password Mismatch')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the current and new password and clears the form on success', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { success: true, message: 'Password changed successfully' }),
    );
    renderWithProviders(<ChangePasswordForm />);
    await fill('demo1234', 'newpass1', 'newpass1');
    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/change-password',
      body: { currentPassword: 'demo1234', newPassword: 'newpass1' },
    });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it("shows 'Password Change Failed' with the server's message and keeps the session", async () => {
    const onAuthFailure = vi.fn();
    setAuthFailureHandler(onAuthFailure);
    setToken('kept');
    mockFetch(() =>
      jsonResponse(400, { success: false, error: 'Current password is incorrect', code: 'WRONG_PASSWORD' }),
    );
    renderWithProviders(<ChangePasswordForm />);
    await fill('wrong-one', 'newpass1', 'newpass1');
    expect(await screen.findByText('Password Change Failed')).toBeInTheDocument();
    expect(screen.getByText('Current password is incorrect')).toBeInTheDocument();
    expect(getToken()).toBe('kept');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});
