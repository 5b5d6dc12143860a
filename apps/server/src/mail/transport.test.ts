import { describe, expect, it } from 'vitest';
import { classifySendError, withoutSecrets } from './smtp-errors.ts';
import { smtpOptions, smtpPassword, ZEPTOMAIL_SMTP } from './transport.ts';

describe('the mail transport', () => {
  it('is ZeptoMail’s SMTP service with the API key as password when SMTP_URL is unset', () => {
    expect(smtpOptions(undefined, 'token-123')).toMatchObject({
      host: 'smtp.zeptomail.com',
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: 'emailapikey', pass: 'token-123' },
    });
    expect(ZEPTOMAIL_SMTP.user).toBe('emailapikey');
    expect(smtpPassword('Zoho-enczapikey wSsVR61')).toBe('wSsVR61');
    expect(smtpOptions(undefined, '')).toBeNull();
  });

  it('is SMTP_URL when set: its credentials, else the saved key', () => {
    expect(smtpOptions('smtps://relay%40co:p%40ss@mail.example.com', 'key')).toMatchObject({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'relay@co', pass: 'p@ss' },
    });
    expect(smtpOptions('smtp://127.0.0.1:2525', 'key')).toMatchObject({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      auth: { user: 'emailapikey', pass: 'key' },
    });
    expect(smtpOptions('smtp://127.0.0.1:2525', '')).not.toHaveProperty('auth');
  });

  it('reads provider answers into codes, retryable or not, without secrets', () => {
    const auth = classifySendError(
      { code: 'EAUTH', responseCode: 535, message: 'Invalid login: 535 Authentication Failed key=abcd1234' },
      ['abcd1234'],
    );
    expect(auth).toMatchObject({ code: 'TM_INVALID_API_KEY', retryable: true });
    expect(auth.message).not.toContain('abcd1234');
    expect(classifySendError({ code: 'ESOCKET', message: 'connect ECONNREFUSED' }, [])).toMatchObject({
      code: 'EMAIL_PROVIDER_UNREACHABLE',
      retryable: true,
    });
    expect(
      classifySendError({ code: 'EENVELOPE', responseCode: 553, command: 'MAIL FROM', message: 'x' }, [])
        .code,
    ).toBe('TM_SENDER_REJECTED');
    expect(
      classifySendError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', message: 'x' }, []),
    ).toMatchObject({ code: 'TM_RECIPIENT_REJECTED', retryable: false, recipientOnly: true });
    expect(
      classifySendError({ code: 'EMESSAGE', responseCode: 451, command: 'DATA', message: 'x' }, []),
    ).toMatchObject({
      code: 'TM_SEND_FAILED',
      retryable: true,
    });
    expect(
      classifySendError({ code: 'EMESSAGE', responseCode: 554, command: 'DATA', message: 'x' }, []).retryable,
    ).toBe(false);
    expect(withoutSecrets(`AUTH ${Buffer.from('s3cret-key').toString('base64')}`, ['s3cret-key'])).toBe(
      'AUTH [redacted]',
    );
  });
});
