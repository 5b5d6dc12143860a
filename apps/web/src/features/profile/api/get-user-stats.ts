import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';

export const EMPTY_STATS: UserStats = {
  projectsCount: 0,
  updatesCount: 0,
  mediaFilesCount: 0,
  completionRate: 0,
};

export async function getUserStats(userId: string, signal?: AbortSignal): Promise<UserStats> {
  const { stats } = await api.get<{ stats: UserStats }>(
    `/users/${encodeURIComponent(userId)}/stats`,
    undefined,
    signal,
  );
  return stats;
}

export function userStatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['profile', 'stats', userId],
    queryFn: ({ signal }) => getUserStats(userId, signal),
  });
}

export function useUserStats(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
