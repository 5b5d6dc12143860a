import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUserAnswer } from '@trowel/shared/auth/auth.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { toast } from 'sonner';
import { api, getToken, isApiError } from './api-client.ts';
import { clearPersistedCache } from './offline/cached-session.ts';
import { clearThumbnailCache } from './offline/thumbnail-cache.ts';
import { queryKeys } from './query-keys.ts';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
/** Local storage keys under this prefix hold one user's cached data; signing out removes them. */
export const USER_CACHE_PREFIX = 'trowel.cache.';

function clearUserCaches(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) =>
      window.localStorage.key(index),
    );
    for (const key of keys) if (key?.startsWith(USER_CACHE_PREFIX)) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing cached to remove.
  }
}

/** The signed-in user from GET /auth/me; null when there is no stored token or it no longer works. */
export async function getCurrentUser(): Promise<UserDto | null> {
  if (!getToken()) return null;
  try {
    const { user } = await api.get<CurrentUserAnswer>('/auth/me');
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      toast.error(SESSION_EXPIRED_MESSAGE);
      return null;
    }
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.session,
    queryFn: getCurrentUser,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export type Session =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: UserDto };

export function useSession(): Session {
  const query = useQuery(sessionQueryOptions());
  if (query.data) return { status: 'signed-in', user: query.data };
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', error: query.error };
  return { status: 'signed-out' };
}

/** The signed-in user, for screens that only render behind the route guard. */
export function useCurrentUser(): UserDto {
  const session = useSession();
  if (session.status !== 'signed-in') throw new Error('useCurrentUser is used outside a signed-in screen');
  return session.user;
}

export function setSessionUser(queryClient: QueryClient, user: UserDto | null): void {
  queryClient.setQueryData(queryKeys.session, user);
}

/** Forgets everything cached for the previous user and marks the session signed out. */
export function resetSession(queryClient: QueryClient): void {
  clearUserCaches();
  clearPersistedCache();
  clearThumbnailCache();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
  setSessionUser(queryClient, null);
}
