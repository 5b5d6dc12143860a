import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MEDIA_PAGE_SIZE } from '@trowel/shared/media/media.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import type { MediaFilters, MediaListResponse } from '../types.ts';

/** The next page to ask for: its number and the position the previous page ended at. */
export interface MediaPageParam {
  page: number;
  cursor: string | null;
}

export function getMedia(
  filters: MediaFilters,
  { page, cursor }: MediaPageParam,
  signal?: AbortSignal,
): Promise<MediaListResponse> {
  const query = {
    projectId: filters.projectId,
    type: filters.type,
    page,
    limit: MEDIA_PAGE_SIZE,
    cursor,
  };
  return api.get<MediaListResponse>('/media', query, signal);
}

export function mediaQueryOptions(filters: MediaFilters) {
  return infiniteQueryOptions({
    queryKey: ['media', 'list', filters],
    queryFn: ({ pageParam, signal }) => getMedia(filters, pageParam, signal),
    initialPageParam: { page: 1, cursor: null } as MediaPageParam,
    getNextPageParam: (last): MediaPageParam | undefined =>
      last.pagination.hasNext
        ? { page: last.pagination.currentPage + 1, cursor: last.pagination.nextCursor }
        : undefined,
  });
}

/** Pages of project media, newest first; the next page follows the previous page's cursor. */
export function useMedia(filters: MediaFilters) {
  return useInfiniteQuery(mediaQueryOptions(filters));
}
