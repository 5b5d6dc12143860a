import type { MediaItemDto, MediaType } from '@trowel/shared/media/media.schemas.ts';

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
