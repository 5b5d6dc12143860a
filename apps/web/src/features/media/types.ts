import type { MediaItemDto, MediaType, mediaPaginationDto } from '@trowel/shared/media/media.schemas.ts';
import type { z } from 'zod';

export type MediaPagination = z.infer<typeof mediaPaginationDto>;

export interface MediaListResponse {
  success: true;
  media: MediaItemDto[];
  pagination: MediaPagination;
}

export type MediaTypeFilter = 'all' | MediaType;

export interface MediaFilters {
  projectId?: string | undefined;
  type: MediaTypeFilter;
}

/** A project media can be filed under. */
export interface ProjectChoice {
  id: string;
  title: string;
}

/** Opens a media file in the viewer; `remove` is given when the user may delete it. */
export type OpenMedia = (item: MediaItemDto, remove?: () => void) => void;
