import { TEST_EMAIL_MESSAGES } from '@trowel/shared/settings/settings.schemas.ts';
import { isApiError } from '../../../lib/api-client.ts';

/** What a failed test email means to the administrator (spec 2 §8 'Test email'). */
export function testEmailFailureMessage(error: unknown): string {
  if (error instanceof TypeError) return TEST_EMAIL_MESSAGES.network;
  if (!isApiError(error)) return TEST_EMAIL_MESSAGES.other;
  if (error.status === 0) return TEST_EMAIL_MESSAGES.network;
  if (error.status === 401 || error.code === 'TM_INVALID_API_KEY') return TEST_EMAIL_MESSAGES.invalidKey;
  if (error.status === 400) return TEST_EMAIL_MESSAGES.invalidConfiguration;
  return TEST_EMAIL_MESSAGES.other;
}
