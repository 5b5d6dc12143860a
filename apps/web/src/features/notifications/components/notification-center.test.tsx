import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationDto } from '@trowel/shared/notifications/notification.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NotificationCenter } from './notification-center.tsx';

afterEach(() => vi.unstubAllGlobals());

const user = buildUser({ id: 'user-42' });
const cacheKey = 'trowel.cache.notifications.user-42';

function note(overrides: Partial<NotificationDto>): NotificationDto {
  return {
    id: 'n1',
    type: 'task',
    title: 'Task updated',
    message: 'Columns are at 75%',
    link: '/projects/p1',
    projectId: 'p1',
    recipientRoles: [],
    recipientUsers: ['user-42'],
    read: false,
    isRead: false,
    createdAt: '2025-03-10T09:30:00.000Z',
    timestamp: '2025-03-10T09:30:00.000Z',
    ...overrides,
  };
}

const unread = note({});
const seen = note({
  id: 'n2',
  title: 'Project created',
  message: 'Lekki Pearl',
  link: null,
  read: true,
  isRead: true,
});

function listAnswer(notifications = [unread, seen], unreadCount = 1) {
  return jsonResponse(200, {
    success: true,
    notifications,
    unreadCount,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalItems: notifications.length,
      itemsPerPage: 20,
      hasNext: false,
    },
  });
}

const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);

describe('NotificationCenter', () => {
  it('lists notifications with title, message, time and an unread marker, and links to settings', async () => {
    mockFetch(() => listAnswer());
    renderWithProviders(<NotificationCenter />, { user });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Task updated');
    expect(first).toHaveTextContent('Columns are at 75%');
    expect(first).toHaveTextContent('10/03/2025');
    expect(first).toHaveTextContent('(unread)');
    expect(second).not.toHaveTextContent('(unread)');
    expect(within(first as HTMLElement).getByRole('link', { name: /Task updated/ })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    expect(screen.getByRole('link', { name: 'Notification Settings' })).toHaveAttribute('href', '/settings');
  });

  it.each([
    ['log', 'Daily Log'],
    ['rfq', 'RFQ'],
    ['material', 'Materials'],
    ['other', 'General'],
  ] as const)('names a %s notification %s, on its chip and to screen readers', async (type, label) => {
    mockFetch(() => listAnswer([note({ type, title: 'Slab poured' })]));
    renderWithProviders(<NotificationCenter />, { user });
    const link = await screen.findByRole('link', { name: /Slab poured/ });
    expect(within(link).getByText(label, { exact: true })).toBeVisible();
    expect(link).toHaveAccessibleName(expect.stringContaining(label));
    expect(link.closest('li')).not.toHaveTextContent(new RegExp(`\\b${type}\\b`));
  });

  it('marks a notification read when opened, and all of them with Mark all as read', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'GET' ? listAnswer() : jsonResponse(200, { success: true }),
    );
    renderWithProviders(<NotificationCenter />, { user });
    await userEvent.click(await screen.findByRole('link', { name: /Task updated/ }));
    // Already read: opening it asks nothing of the server.
    await userEvent.click(screen.getByText('Project created'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual(['PUT /notifications/n1/read', 'PUT /notifications/read-all']),
    );
  });

  it('deletes a notification', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'GET' ? listAnswer() : jsonResponse(200, { success: true }),
    );
    renderWithProviders(<NotificationCenter />, { user });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete notification: Project created' }),
    );
    await waitFor(() => expect(writes(calls)).toEqual(['DELETE /notifications/n2']));
  });

  it('disables Mark all as read when nothing is unread, and refreshes on demand', async () => {
    const { calls } = mockFetch(() => listAnswer([seen], 0));
    renderWithProviders(<NotificationCenter />, { user });
    await screen.findByText('Project created');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/notifications?'))).toHaveLength(2),
    );
  });

  it('shows an empty state', async () => {
    mockFetch(() => listAnswer([], 0));
    renderWithProviders(<NotificationCenter />, { user });
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it("shows 'Error Loading Notifications' with Try Again when nothing is cached", async () => {
    let fail = true;
    mockFetch(() =>
      fail ? jsonResponse(500, { success: false, error: 'down', code: 'INTERNAL_ERROR' }) : listAnswer(),
    );
    renderWithProviders(<NotificationCenter />, { user });
    expect(await screen.findByText('Error Loading Notifications')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Task updated')).toBeInTheDocument();
  });

  it("keeps the loaded list on this device and shows it with 'Failed to load notifications' when loading fails", async () => {
    mockFetch(() => listAnswer());
    const first = renderWithProviders(<NotificationCenter />, { user });
    await screen.findByText('Task updated');
    await waitFor(() => expect(window.localStorage.getItem(cacheKey)).toContain('Columns are at 75%'));
    first.unmount();

    mockFetch(() =>
      jsonResponse(503, { success: false, error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }),
    );
    renderWithProviders(<NotificationCenter />, { user });
    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument();
    expect(screen.getByText('Task updated')).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Notifications')).not.toBeInTheDocument();
  });
});
