import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_ACTIVITY_COUNT } from '@trowel/shared/config/constants.ts';
import type { ActivityItem, UserActivityAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The user's activity, newest first, cut to the recent ones the profile shows. */
export async function getUserActivity(userId: string, signal?: AbortSignal): Promise<ActivityItem[]> {
  const { activities } = await api.get<UserActivityAnswer>(
    `/users/${encodeURIComponent(userId)}/activity`,
    undefined,
    signal,
  );
  return activities.slice(0, RECENT_ACTIVITY_COUNT);
}

export function userActivityQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.users.activity(userId),
    queryFn: ({ signal }) => getUserActivity(userId, signal),
  });
}

export function useUserActivity(userId: string) {
  return useQuery(userActivityQueryOptions(userId));
}
