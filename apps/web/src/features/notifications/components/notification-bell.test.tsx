import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotificationBell, unreadBadgeText } from './notification-bell.tsx';

describe('unreadBadgeText', () => {
  it.each([
    [0, null],
    [-3, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [2500, '99+'],
  ])('%i unread shows %s', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
});

describe('NotificationBell', () => {
  it('links to the notifications page and names the unread count', () => {
    render(
      <MemoryRouter>
        <NotificationBell count={120} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Notifications, 99+ unread' });
    expect(link).toHaveAttribute('href', '/notifications');
    expect(link).toHaveTextContent('99+');
  });

  it('shows no badge without unread notifications', () => {
    render(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
  });
});
