import { isApiError } from '../../../lib/api-client.ts';

/** A refusal the person can act on (invalid input, a conflict) is shown as the server words it. */
export function saveFailureDescription(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 409) && error.message) {
    return error.message;
  }
  return 'Please try again.';
}
