import { describe, expect, it } from 'vitest';
import { publicLink } from './mail-queue.ts';

describe('links in emails', () => {
  it('start at PUBLIC_URL, keeping a path the app is served under', () => {
    expect(publicLink({ publicUrl: 'https://trowel.example.com', port: 3000 }, '/rfqs/12')).toBe(
      'https://trowel.example.com/rfqs/12',
    );
    expect(publicLink({ publicUrl: 'https://example.com/trowel/', port: 3000 }, '/settings')).toBe(
      'https://example.com/trowel/settings',
    );
  });

  it('fall back to this server on localhost without PUBLIC_URL', () => {
    expect(publicLink({ publicUrl: undefined, port: 3100 }, '/notifications')).toBe(
      'http://localhost:3100/notifications',
    );
  });
});
