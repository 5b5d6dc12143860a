import { TEST_EMAIL_MESSAGES } from '@trowel/shared/settings/settings.schemas.ts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { testEmailFailureMessage } from './test-email-message.ts';

describe('test email failures', () => {
  it.each([
    [new ApiError('refused', 400, 'TM_INVALID_API_KEY'), TEST_EMAIL_MESSAGES.invalidKey],
    [new ApiError('refused', 401, 'TM_AUTH'), TEST_EMAIL_MESSAGES.invalidKey],
    [new ApiError('bad from', 400, 'TM_SENDER_REJECTED'), TEST_EMAIL_MESSAGES.invalidConfiguration],
    [new ApiError('not set up', 400, 'EMAIL_NOT_CONFIGURED'), TEST_EMAIL_MESSAGES.invalidConfiguration],
    [new TypeError('Failed to fetch'), TEST_EMAIL_MESSAGES.network],
    [new ApiError('unreachable', 502, 'EMAIL_PROVIDER_UNREACHABLE'), TEST_EMAIL_MESSAGES.other],
  ])('%s → %s', (error, message) => {
    expect(testEmailFailureMessage(error)).toBe(message);
  });
});
