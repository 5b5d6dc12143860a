import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { markDeleted, updateCachedLogs, type MessageRef } from '../hooks/daily-log-cache.ts';

/** DELETE /daily-logs/{id}, or /daily-logs/{id}/replies/{replyId} for a reply; only its author may. */
export function deleteMessage({ logId, replyId }: MessageRef): Promise<OkMessage> {
  const logPath = `/daily-logs/${encodeURIComponent(logId)}`;
  return api.delete<OkMessage>(replyId ? `${logPath}/replies/${encodeURIComponent(replyId)}` : logPath);
}

/** Deletes a log or reply; it then shows as deleted in every cached list. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_, target) => updateCachedLogs(queryClient, (logs) => markDeleted(logs, target)),
  });
}
