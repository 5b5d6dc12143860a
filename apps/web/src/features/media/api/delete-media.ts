import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function deleteMedia(mediaId: string): Promise<{ success: true; message: string }> {
  return api.delete(`/media/${encodeURIComponent(mediaId)}`);
}

/** Deletes a media file (when MediaItemDto.canDelete) and refreshes the media lists. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['media'] }),
  });
}
