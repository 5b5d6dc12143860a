import { isApiError } from '../../../lib/api-client.ts';

/**
 * The title of a failed change's toast (spec 2 §8): 'Submission Failed' or 'Update Failed' when the server
 * refused it, 'Submission Error' or 'Update Error' when it could not be reached.
 */
export function failureTitle(error: unknown, kind: 'Submission' | 'Update'): string {
  return isApiError(error) && error.status !== 0 ? `${kind} Failed` : `${kind} Error`;
}
