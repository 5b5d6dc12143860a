import { useQueryClient } from '@tanstack/react-query';
import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { mediaQueryOptions, useMedia } from '../api/get-media.ts';
import type { MediaFilters } from '../types.ts';

function uniqueById(items: MediaItemDto[]): MediaItemDto[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/** The loaded pages of media as one list, its total, and a reload that starts again at page 1. */
export function useMediaList(filters: MediaFilters) {
  const queryClient = useQueryClient();
  const query = useMedia(filters);
  const pages = query.data?.pages ?? [];
  const items = uniqueById(pages.flatMap((page) => page.media));
  const total = pages.at(-1)?.pagination.totalItems ?? items.length;
  const reload = () =>
    queryClient.resetQueries({ queryKey: mediaQueryOptions(filters).queryKey, exact: true });
  return { query, items, total, reload };
}

export type MediaList = ReturnType<typeof useMediaList>;
