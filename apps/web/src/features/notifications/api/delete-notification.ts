import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function deleteNotification(notificationId: string): Promise<OkMessage> {
  return api.delete<OkMessage>(`/notifications/${encodeURIComponent(notificationId)}`);
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => invalidateAll(queryClient, staleAfter.notifications()),
  });
}
