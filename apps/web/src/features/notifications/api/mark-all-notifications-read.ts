import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadAllAnswer } from '@trowel/shared/notifications/notification.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function markAllNotificationsRead(): Promise<ReadAllAnswer> {
  return api.put<ReadAllAnswer>('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => invalidateAll(queryClient, staleAfter.notifications()),
  });
}
