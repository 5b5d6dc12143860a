import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function deleteMedia(mediaId: string): Promise<OkMessage> {
  return api.delete<OkMessage>(`/media/${encodeURIComponent(mediaId)}`);
}

/** Deletes a media file (when MediaItemDto.canDelete) and refreshes the media lists. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => invalidateAll(queryClient, staleAfter.media()),
  });
}
