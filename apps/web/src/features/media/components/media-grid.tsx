import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { INFINITE_SCROLL_MARGIN_PX } from '@trowel/shared/projects/project.constants.ts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import type { MediaList } from '../hooks/use-media-list.ts';
import { MediaCard } from './media-card.tsx';

interface MediaGridProps {
  list: MediaList;
  empty: { title: string; description: ReactNode; action?: ReactNode };
  onOpen: (item: MediaItemDto) => void;
  onDelete: (item: MediaItemDto) => void;
  showClientVisibility: boolean;
}

/** Media cards with loading, failure, empty and end-of-list states; the next page loads on scroll. */
export function MediaGrid({ list, empty, onOpen, onDelete, showClientVisibility }: MediaGridProps) {
  const { query, items, total, reload } = list;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const watchLastCard = useInfiniteScroll({
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onLoadMore: () => void query.fetchNextPage(),
    marginPx: INFINITE_SCROLL_MARGIN_PX,
  });

  if (query.isPending) return <LoadingState label="Loading media files..." />;
  if (query.isError && items.length === 0) {
    return (
      <ErrorState
        title="Failed to load media files"
        message={errorMessage(query.error, 'Please try again later.')}
        onRetry={() => void reload()}
        retrying={query.isFetching}
      />
    );
  }
  if (items.length === 0) return <EmptyState {...empty} />;

  return (
    <>
      <ul
        aria-label="Media files"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {items.map((item, index) => (
          <li key={item.id}>
            <MediaCard
              item={item}
              onOpen={onOpen}
              onDelete={item.canDelete ? onDelete : undefined}
              showClientVisibility={showClientVisibility}
              ref={index === items.length - 1 ? watchLastCard : undefined}
            />
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        {isFetchingNextPage ? <LoadingState label="Loading more media..." className="py-4" /> : null}
        {isFetchNextPageError ? (
          <ErrorState
            title="Failed to load media files"
            message={errorMessage(query.error, 'Please try again later.')}
            onRetry={() => void query.fetchNextPage()}
          />
        ) : null}
        {hasNextPage && !isFetchingNextPage && typeof IntersectionObserver === 'undefined' ? (
          <Button variant="outline" onClick={() => void query.fetchNextPage()}>
            Load more media
          </Button>
        ) : null}
        {!hasNextPage ? (
          <p className="text-sm text-slate-600">
            You&apos;ve reached the end of the list. Showing {items.length} of {total} media files.
          </p>
        ) : null}
      </div>
    </>
  );
}
