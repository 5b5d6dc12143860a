import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';

export const REFRESH_FAILED = 'Failed to refresh media files';

/**
 * Says 'Failed to refresh media files' (spec 1 §8) when the list on screen could not be fetched again
 * (after an upload, a delete or processing): the cards shown stay, so nothing else would tell.
 */
export function useRefreshFailureNotice(
  query: Pick<UseInfiniteQueryResult, 'isRefetchError' | 'errorUpdatedAt' | 'error'>,
) {
  const { isRefetchError, errorUpdatedAt, error } = query;
  useEffect(() => {
    if (!isRefetchError) return;
    toast.error(REFRESH_FAILED, { description: errorMessage(error, 'Please try again later.') });
    // Once per failed refresh: errorUpdatedAt changes with each one.
  }, [isRefetchError, errorUpdatedAt, error]);
}
