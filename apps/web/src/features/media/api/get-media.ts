import { MEDIA_PAGE_SIZE, type MediaListAnswer } from '@trowel/shared/media/media.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { MediaFilters } from '../types.ts';

export function getMedia(
  filters: MediaFilters,
  { page, cursor }: PageParam,
  signal?: AbortSignal,
): Promise<MediaListAnswer> {
  const query = {
    projectId: filters.projectId,
    type: filters.type,
    page,
    limit: MEDIA_PAGE_SIZE,
    cursor,
  };
  return api.get<MediaListAnswer>('/media', query, signal);
}

export function mediaQueryOptions(filters: MediaFilters) {
  return pagedQueryOptions(queryKeys.media.list(filters), (param, signal) =>
    getMedia(filters, param, signal),
  );
}

/** Pages of project media, newest first, as one list; the next page follows the previous page's cursor. */
export function useMedia(filters: MediaFilters) {
  return usePagedList(mediaQueryOptions(filters), (answer) => answer.media);
}
