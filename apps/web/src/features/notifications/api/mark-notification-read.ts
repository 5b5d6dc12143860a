import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function markNotificationRead(notificationId: string): Promise<OkMessage> {
  return api.put<OkMessage>(`/notifications/${encodeURIComponent(notificationId)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => invalidateAll(queryClient, staleAfter.notifications()),
  });
}
