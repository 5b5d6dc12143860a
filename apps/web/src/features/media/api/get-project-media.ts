import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaListAnswer } from '@trowel/shared/media/media.schemas.ts';
import { DETAIL_MEDIA_COUNT } from '@trowel/shared/projects/project.constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getProjectMedia(projectId: string, signal?: AbortSignal): Promise<MediaListAnswer> {
  return api.get<MediaListAnswer>(
    `/media/project/${encodeURIComponent(projectId)}`,
    { limit: DETAIL_MEDIA_COUNT },
    signal,
  );
}

export function projectMediaQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.media.latest(projectId),
    queryFn: ({ signal }) => getProjectMedia(projectId, signal),
  });
}

/** The 8 latest media files of one project, for its detail page. */
export function useProjectMedia(projectId: string) {
  return useQuery(projectMediaQueryOptions(projectId));
}
