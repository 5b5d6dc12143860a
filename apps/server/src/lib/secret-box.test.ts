import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.ts';

const appSecret = 'a'.repeat(40);

describe('stored secrets', () => {
  it('open with the same APP_SECRET and purpose, and never show the secret in the sealed form', () => {
    const sealed = sealSecret(appSecret, 'settings', 'api-key-123');
    expect(sealed).not.toContain('api-key-123');
    expect(sealed).not.toBe(sealSecret(appSecret, 'settings', 'api-key-123'));
    expect(openSecret(appSecret, 'settings', sealed)).toBe('api-key-123');
  });

  it('do not open under another APP_SECRET or purpose, or once tampered with', () => {
    const sealed = sealSecret(appSecret, 'settings', 'api-key-123');
    expect(openSecret('b'.repeat(40), 'settings', sealed)).toBeNull();
    expect(openSecret(appSecret, 'links', sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('forged').toString('base64url');
    expect(openSecret(appSecret, 'settings', parts.join('.'))).toBeNull();
    expect(openSecret(appSecret, 'settings', 'plain text')).toBeNull();
  });
});
