import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { InfiniteList } from '../../../components/ui/infinite-list.tsx';
import type { EmptyStateProps } from '../../../components/ui/states.tsx';
import type { PagedList } from '../../../hooks/use-paged-list.ts';
import { MediaCard } from './media-card.tsx';

const TEXTS = {
  loading: 'Loading media files...',
  loadingMore: 'Loading more media...',
  failed: 'Failed to load media files',
  loadMore: 'Load more media',
  noun: 'media files',
  one: 'media file',
};

interface MediaGridProps {
  list: PagedList<MediaItemDto>;
  empty: EmptyStateProps;
  onOpen: (item: MediaItemDto) => void;
  onDelete: (item: MediaItemDto) => void;
  showClientVisibility: boolean;
}

/** Media cards with loading, failure, empty and end-of-list states; the next page loads on scroll. */
export function MediaGrid({ list, empty, onOpen, onDelete, showClientVisibility }: MediaGridProps) {
  return (
    <InfiniteList
      list={list}
      texts={TEXTS}
      empty={empty}
      label="Media files"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      renderItem={(item, ref) => (
        <MediaCard
          item={item}
          onOpen={onOpen}
          onDelete={item.canDelete ? onDelete : undefined}
          showClientVisibility={showClientVisibility}
          ref={ref}
        />
      )}
      scrollToTop
    />
  );
}
