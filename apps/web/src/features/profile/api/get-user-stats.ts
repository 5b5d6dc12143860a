import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats, UserStatsAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * A statistic as the profile shows it: '…' while loading, '—' when the call failed (the screen says
 * 'Failed to load statistics' and offers a retry; a failed call never reads as zero).
 */
export function statisticText(
  query: { data?: UserStats | undefined; isError: boolean },
  pick: (stats: UserStats) => string,
): string {
  if (query.data) return pick(query.data);
  return query.isError ? '—' : '…';
}

export async function getUserStats(userId: string, signal?: AbortSignal): Promise<UserStats> {
  const { stats } = await api.get<UserStatsAnswer>(
    `/users/${encodeURIComponent(userId)}/stats`,
    undefined,
    signal,
  );
  return stats;
}

export function userStatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.users.stats(userId),
    queryFn: ({ signal }) => getUserStats(userId, signal),
  });
}

export function useUserStats(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
