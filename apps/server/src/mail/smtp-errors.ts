import type { ErrorCode } from '@trowel/shared/http/errors.ts';

/** What a failed send means for the person who asked and for the job that retries it. */
export interface SendFailure {
  code: ErrorCode;
  /** Fit to show the administrator and to log: the provider's answer, secrets removed. */
  message: string;
  /** Whether trying again later may work (the provider was unreachable or answered 4xx). */
  retryable: boolean;
  /** The recipient alone was refused: the others of a batch still go. */
  recipientOnly: boolean;
}

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  message?: unknown;
}

const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED']);

/** Removes every secret (and its base64 forms, as SMTP AUTH sends it) from a provider's message. */
export function withoutSecrets(message: string, secrets: readonly string[]): string {
  let clean = message;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of [secret, Buffer.from(secret).toString('base64')])
      clean = clean.split(form).join('[redacted]');
  }
  return clean;
}

/**
 * Reads a nodemailer error: a refused key (535, or 530 asking for authentication) is TM_INVALID_API_KEY,
 * a refused sender TM_SENDER_REJECTED, a refused recipient TM_RECIPIENT_REJECTED, a provider that
 * cannot be reached EMAIL_PROVIDER_UNREACHABLE, anything else TM_SEND_FAILED.
 */
export function classifySendError(error: unknown, secrets: readonly string[]): SendFailure {
  const smtp = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const nodeCode = typeof smtp.code === 'string' ? smtp.code : '';
  const status = typeof smtp.responseCode === 'number' ? smtp.responseCode : 0;
  const command = typeof smtp.command === 'string' ? smtp.command : '';
  const raw = typeof smtp.message === 'string' ? smtp.message : 'Sending failed';
  const message = withoutSecrets(raw, secrets).slice(0, 500);
  const transient = status >= 400 && status < 500;
  const failure = (code: ErrorCode, retryable: boolean, recipientOnly = false): SendFailure => ({
    code,
    message,
    retryable,
    recipientOnly,
  });

  if (nodeCode === 'EAUTH' || status === 535 || status === 530) return failure('TM_INVALID_API_KEY', true);
  if (UNREACHABLE.has(nodeCode) && !status) return failure('EMAIL_PROVIDER_UNREACHABLE', true);
  // The administrator may fix a refused key or sender within the retries, so those are tried again.
  if (command.startsWith('MAIL FROM') || status === 553) return failure('TM_SENDER_REJECTED', true);
  if (command.startsWith('RCPT TO') || (nodeCode === 'EENVELOPE' && /recipient/i.test(raw)))
    return failure('TM_RECIPIENT_REJECTED', transient, true);
  if (UNREACHABLE.has(nodeCode)) return failure('EMAIL_PROVIDER_UNREACHABLE', true);
  return failure('TM_SEND_FAILED', transient || !status);
}
