import {
  EMAIL_INTEGRATION_KEYS,
  maskSecret,
  TEST_EMAIL_MISSING_ERROR,
  type EmailIntegration,
  type SaveEmailIntegrationInput,
} from '@trowel/shared/settings/settings.schemas.ts';
import { z } from 'zod';
import type { PlatformContext as AppContext } from '../platform.ts';
import type { AuthUser } from '../http/access.ts';
import { AppError, badRequest } from '../http/app-error.ts';
import { renderEmail } from '../mail/email-content.ts';
import { publicLink } from '../mail/mail-queue.ts';
import { MailSendError } from '../mail/transport.ts';
import { saveSystemSettings } from './system-settings.service.ts';

/** The email integration fields; the key only ever masked (its last four characters when long enough). */
export async function getEmailIntegration(ctx: AppContext): Promise<EmailIntegration> {
  const values = await ctx.settings.values();
  return {
    zeptomail_api_key: maskSecret(values.zeptomail_api_key),
    zeptomail_api_key_set: values.zeptomail_api_key !== '',
    zeptomail_from_email: values.zeptomail_from_email,
    zeptomail_from_name: values.zeptomail_from_name,
    zeptomail_test_email: values.zeptomail_test_email,
  };
}

/**
 * Saves the fields given (validated as every system setting is: a from address that is not an email
 * answers 400 and nothing is written); the key is sealed, and the mask sent back keeps it.
 */
export async function saveEmailIntegration(
  ctx: AppContext,
  actor: Pick<AuthUser, 'id'>,
  input: SaveEmailIntegrationInput,
) {
  const entries = EMAIL_INTEGRATION_KEYS.flatMap((key) =>
    input[key] === undefined ? [] : [{ key, value: input[key] }],
  );
  if (entries.length > 0) await saveSystemSettings(ctx, actor, entries);
  return getEmailIntegration(ctx);
}

const address = z.email();

/**
 * Sends one email now, through the saved settings, and says what happened: a refused key answers
 * TM_INVALID_API_KEY (400, never 401), a provider that cannot be reached 502.
 */
export async function sendTestEmail(ctx: AppContext, actor: Pick<AuthUser, 'name'>, testEmail?: string) {
  if (!testEmail) throw badRequest(TEST_EMAIL_MISSING_ERROR);
  if (!address.safeParse(testEmail).success) throw badRequest('testEmail must be an email address');
  const { text, html } = renderEmail({
    heading: 'Trowel test email',
    paragraphs: [
      `${actor.name} sent this message from the email integration settings.`,
      'Trowel can send email: notifications, digests and vendor messages will reach people.',
    ],
    action: { label: 'Open Trowel', url: publicLink(ctx.config, '/settings') },
    footer: 'Sent by Trowel.',
  });
  try {
    await ctx.mail.send({ to: testEmail, subject: 'Trowel test email', text, html });
  } catch (error) {
    if (!(error instanceof MailSendError)) throw error;
    const { code, message } = error.failure;
    throw new AppError(code, FAILURE_PREFIX[code] ? `${FAILURE_PREFIX[code]}: ${message}` : message);
  }
  return `Test email sent to ${testEmail}`;
}

const FAILURE_PREFIX: Partial<Record<string, string>> = {
  TM_INVALID_API_KEY: 'The email service refused the API key',
  TM_SENDER_REJECTED: 'The email service refused the from address',
  TM_RECIPIENT_REJECTED: 'The email service refused the test address',
  TM_SEND_FAILED: 'The email service could not send the test email',
  EMAIL_PROVIDER_UNREACHABLE: 'The email service could not be reached',
};
