import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Config } from '../config.ts';
import type { EmailSettings, SystemSettings } from '../settings/system-settings.ts';
import { classifySendError, type SendFailure } from './smtp-errors.ts';

/** ZeptoMail's SMTP service as its documentation gives it: STARTTLS on 587, the API key as password. */
export const ZEPTOMAIL_SMTP = { host: 'smtp.zeptomail.com', port: 587, user: 'emailapikey' } as const;

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** A send that failed, with what it means (see smtp-errors.ts); its message carries no secret. */
export class MailSendError extends Error {
  constructor(readonly failure: SendFailure) {
    super(failure.message);
  }
}

const notConfigured = (message: string) =>
  new MailSendError({ code: 'EMAIL_NOT_CONFIGURED', message, retryable: false, recipientOnly: false });

/** The Send Mail Token may be pasted with the prefix of ZeptoMail's HTTP header; SMTP wants it bare. */
export function smtpPassword(apiKey: string): string {
  return apiKey.trim().replace(/^zoho-enczapikey\s+/i, '');
}

/** SMTP connections kept open at once (per process). */
export const MAIL_POOL_CONNECTIONS = 5;

const COMMON = {
  pool: true,
  maxConnections: MAIL_POOL_CONNECTIONS,
  maxMessages: 100,
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
  disableFileAccess: true,
  disableUrlAccess: true,
  logger: false,
  debug: false,
} as const satisfies Partial<SMTPPool.Options>;

/**
 * The SMTP connection: SMTP_URL when set (its credentials, else the saved API key as ZeptoMail's
 * password), else ZeptoMail's service with the saved key; null while neither is there.
 */
export function smtpOptions(smtpUrl: string | undefined, apiKey: string): SMTPPool.Options | null {
  const password = smtpPassword(apiKey);
  const keyAuth = password ? { user: ZEPTOMAIL_SMTP.user, pass: password } : undefined;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    const auth = url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : keyAuth;
    return {
      ...COMMON,
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(auth ? { auth } : {}),
    };
  }
  if (!keyAuth) return null;
  return {
    ...COMMON,
    host: ZEPTOMAIL_SMTP.host,
    port: ZEPTOMAIL_SMTP.port,
    secure: false,
    requireTLS: true,
    auth: keyAuth,
  };
}

/**
 * The one mail service: sends through a pooled SMTP connection made from the email settings (or
 * SMTP_URL), remade when they change. Every failure becomes a MailSendError without secrets.
 */
export class Mailer {
  private pool: Pool | null = null;

  constructor(
    private readonly config: Pick<Config, 'smtpUrl'>,
    private readonly settings: Pick<SystemSettings, 'email'>,
  ) {}

  /** Whether mail can leave at all (a transport and a from address are configured). */
  async configured(): Promise<boolean> {
    const email = await this.settings.email();
    return Boolean(email.fromEmail) && smtpOptions(this.config.smtpUrl, email.apiKey) !== null;
  }

  /** Sends one email now; throws MailSendError. */
  async send(message: OutgoingEmail): Promise<void> {
    const email = await this.settings.email();
    const pool = this.poolFor(email);
    const secrets = [email.apiKey, smtpPassword(email.apiKey), ...urlSecrets(this.config.smtpUrl)];
    pool.sending++;
    try {
      await pool.transporter.sendMail({
        from: { name: email.fromName || 'Trowel', address: email.fromEmail },
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    } catch (error) {
      throw new MailSendError(classifySendError(error, secrets));
    } finally {
      pool.sending--;
      if (pool.retired && pool.sending === 0) pool.transporter.close();
    }
  }

  /**
   * Drops the pooled connections (the settings changed, or the process stops): the next send makes new
   * ones; the old ones close once the sends under way on them are done.
   */
  reset() {
    const pool = this.pool;
    this.pool = null;
    if (!pool) return;
    pool.retired = true;
    if (pool.sending === 0) pool.transporter.close();
  }

  private poolFor(email: EmailSettings): Pool {
    const options = smtpOptions(this.config.smtpUrl, email.apiKey);
    if (!options) throw notConfigured('Email is not configured: save a ZeptoMail API key first.');
    if (!email.fromEmail) throw notConfigured('Email is not configured: save the from email address first.');
    const signature = JSON.stringify(options);
    if (this.pool?.signature !== signature) {
      this.reset();
      this.pool = { signature, transporter: nodemailer.createTransport(options), sending: 0, retired: false };
    }
    return this.pool;
  }
}

/** A pooled transport, the sends under way on it, and whether a reset retired it. */
interface Pool {
  signature: string;
  transporter: Transporter;
  sending: number;
  retired: boolean;
}

function urlSecrets(smtpUrl: string | undefined): string[] {
  if (!smtpUrl) return [];
  const password = decodeURIComponent(new URL(smtpUrl).password);
  return password ? [password] : [];
}
