import { describe, expect, it } from 'vitest';
import {
  autoLoginMessage,
  expiredMessage,
  validateAutoLoginInput,
  whatsappUrl,
} from './auto-login.schemas.ts';

describe('auto-login texts', () => {
  it('states the validity the setting gives', () => {
    expect(expiredMessage(3)).toBe(
      'This auto-login link has expired after 72 hours. Please log in manually or request a new link.',
    );
    expect(expiredMessage(1)).toContain('after 24 hours.');
    expect(expiredMessage(7)).toContain('after 7 days.');
  });

  it('refuses a missing token with the spec text', () => {
    const parsed = validateAutoLoginInput.safeParse({});
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Invalid auto-login link. No token provided.');
    expect(validateAutoLoginInput.safeParse({ token: '  ' }).success).toBe(false);
  });

  it('builds the WhatsApp address from a Nigerian number and the message', () => {
    const message = autoLoginMessage({
      vendorName: 'Dangote',
      rfqTitle: 'Cement & sand',
      link: 'https://t.example/a?token=x',
    });
    const url = whatsappUrl('+234 803 123 4567', message);
    expect(url.startsWith('https://wa.me/2348031234567?text=')).toBe(true);
    expect(decodeURIComponent(url.split('text=')[1] ?? '')).toBe(message);
    expect(whatsappUrl('0803 123 4567', 'hi')).toBe('https://wa.me/2348031234567?text=hi');
    expect(autoLoginMessage({ vendorName: 'A', rfqTitle: 'B', link: null })).not.toContain('http');
  });
});
