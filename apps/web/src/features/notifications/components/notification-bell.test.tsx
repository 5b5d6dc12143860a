import { screen, waitFor } from '@testing-library/react';
import { NOTIFICATION_POLL_MS } from '@trowel/shared/config/constants.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const countAnswer = (unreadCount: number) => jsonResponse(200, { success: true, unreadCount });

describe('NotificationBell', () => {
  it('links to the notifications page and names the unread count, capped at 99+', async () => {
    mockFetch(() => countAnswer(120));
    renderWithProviders(<NotificationBell />, { user: buildUser() });
    const link = await screen.findByRole('link', { name: 'Notifications, 99+ unread' });
    expect(link).toHaveAttribute('href', '/notifications');
    expect(link).toHaveTextContent('99+');
  });

  it('shows no badge without unread notifications', async () => {
    const { calls } = mockFetch(() => countAnswer(0));
    renderWithProviders(<NotificationBell />, { user: buildUser() });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
  });

  it('asks for the unread count again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 3;
    const { calls } = mockFetch(() => countAnswer(unread));
    renderWithProviders(<NotificationBell />, { user: buildUser() });
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/notifications/unread-count']);

    unread = 7;
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - 1000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByRole('link', { name: 'Notifications, 7 unread' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
