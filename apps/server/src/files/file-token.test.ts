import { describe, expect, it } from 'vitest';
import { signFileToken, verifyFileToken } from './file-token.ts';

const secret = 'a'.repeat(32);
const start = Date.UTC(2026, 10, 21, 9, 0, 0);

describe('file tokens', () => {
  it('open only their own file', () => {
    const token = signFileToken(secret, 'attachment:1', start);
    expect(verifyFileToken(secret, 'attachment:1', token, start)).toBe(true);
    expect(verifyFileToken(secret, 'attachment:2', token, start)).toBe(false);
    expect(verifyFileToken('b'.repeat(32), 'attachment:1', token, start)).toBe(false);
    expect(verifyFileToken(secret, 'attachment:1', 'nonsense', start)).toBe(false);
  });

  it('stay the same within a quarter hour, so browsers reuse what they downloaded', () => {
    const token = signFileToken(secret, 'attachment:1', start + 1000);
    expect(signFileToken(secret, 'attachment:1', start + 14 * 60_000)).toBe(token);
    expect(signFileToken(secret, 'attachment:1', start + 16 * 60_000)).not.toBe(token);
  });

  it('last at least an hour and at most an hour and a quarter', () => {
    const issued = start + 60_000;
    const token = signFileToken(secret, 'attachment:1', issued);
    expect(verifyFileToken(secret, 'attachment:1', token, issued + 60 * 60_000)).toBe(true);
    expect(verifyFileToken(secret, 'attachment:1', token, issued + 76 * 60_000)).toBe(false);
  });
});
