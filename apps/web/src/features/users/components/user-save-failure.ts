import { toast } from 'sonner';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import type { UserFormFieldError } from './user-form.tsx';

/**
 * Reports a failed save in a toast titled `title`, worded as the server said (or `fallback`). An
 * email already in use is handed back too, to show under the email field.
 */
export function reportUserSaveFailure(
  error: unknown,
  title: string,
  fallback: string,
): UserFormFieldError | undefined {
  const message = errorMessage(error, fallback);
  toast.error(title, { description: message });
  return isApiError(error) && error.code === 'EMAIL_TAKEN' ? { field: 'email', message } : undefined;
}
