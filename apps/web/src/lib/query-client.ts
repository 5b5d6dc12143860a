import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** Answers below 500 will not change on a second try; server and network failures get one retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status > 0 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Answers stay in memory for a day after their screen closed: the persisted cache (lib/offline) keeps
 * only what is in memory, and a site person reads yesterday's screens offline.
 */
export const KEPT_IN_MEMORY_MS = 24 * 3600_000;

export function createQueryClient(): QueryClient {
  // A page opened offline starts offline: queries wait for the network instead of failing twice.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        gcTime: KEPT_IN_MEMORY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
