import { countOf } from '@trowel/shared/format/plural.ts';
import {
  INFINITE_SCROLL_MARGIN_PX,
  SCROLL_TO_TOP_AFTER_PX,
} from '@trowel/shared/projects/project.constants.ts';
import type { ReactNode } from 'react';
import { useInfiniteScroll } from '../../hooks/use-infinite-scroll.ts';
import type { PagedList } from '../../hooks/use-paged-list.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { ScrollToTopButton } from './scroll-to-top.tsx';
import { EmptyState, ErrorState, LoadingState, type EmptyStateProps } from './states.tsx';

/** A list's own words for its states, from the spec. */
export interface InfiniteListTexts {
  /** While page 1 loads, e.g. 'Loading projects...'. */
  loading: string;
  /** While a further page loads, e.g. 'Loading more projects...'. */
  loadingMore: string;
  /** Title of the failure panel, e.g. 'Failed to load projects'. */
  failed: string;
  /** The button offered where the browser cannot watch the scroll, e.g. 'Load more projects'. */
  loadMore: string;
  /** What the end text counts: 'projects' in 'Showing 3 of 3 projects.'. */
  noun: string;
  /** The same for one: 'project' in 'Showing 1 of 1 project.'. */
  one: string;
}

/**
 * The usual texts of a list of `many` (one: `one`): 'Loading more RFQs...', 'Load more RFQs', 'Showing 3 of
 * 3 RFQs.'; `failed` and, where the spec words it otherwise, `loading` ('Loading RFQs...' by default) given.
 */
export function listTexts(
  one: string,
  many: string,
  failed: string,
  loading = `Loading ${many}...`,
): InfiniteListTexts {
  return {
    loading,
    loadingMore: `Loading more ${many}...`,
    failed,
    loadMore: `Load more ${many}`,
    noun: many,
    one,
  };
}

interface InfiniteListProps<TItem> {
  list: PagedList<TItem>;
  texts: InfiniteListTexts;
  empty: EmptyStateProps;
  /** The list's accessible name, e.g. 'Project list'. */
  label: string;
  className: string;
  /** One item's card; `ref` is given for the last one, whose coming into view loads the next page. */
  renderItem: (item: TItem, ref: ((element: Element | null) => void) | undefined) => ReactNode;
  /** Adds the scroll-to-top button of a full list screen. */
  scrollToTop?: boolean;
}

/** Items of a paged list with loading, failure (Try Again), empty and end-of-list states; scrolling loads on. */
export function InfiniteList<TItem extends { id: string }>(props: InfiniteListProps<TItem>) {
  return (
    <>
      <InfiniteListBody {...props} />
      {props.scrollToTop ? <ScrollToTopButton afterPx={SCROLL_TO_TOP_AFTER_PX} /> : null}
    </>
  );
}

function InfiniteListBody<TItem extends { id: string }>(props: InfiniteListProps<TItem>) {
  const { list, texts, empty, label, className, renderItem } = props;
  const { query, items, total, reload } = list;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const watchLastItem = useInfiniteScroll({
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onLoadMore: () => void query.fetchNextPage(),
    marginPx: INFINITE_SCROLL_MARGIN_PX,
  });
  const failureMessage = errorMessage(query.error, 'Please try again later.');

  if (query.isPending) return <LoadingState label={texts.loading} />;
  if (query.isError && items.length === 0) {
    return (
      <ErrorState
        title={texts.failed}
        message={failureMessage}
        onRetry={() => void reload()}
        retrying={query.isFetching}
      />
    );
  }
  if (items.length === 0) return <EmptyState {...empty} />;

  return (
    <>
      {/* Busy while a new search's answer loads: the previous items stay until it arrives. */}
      <ul aria-label={label} aria-busy={query.isPlaceholderData || undefined} className={className}>
        {items.map((item, index) => (
          <li key={item.id}>{renderItem(item, index === items.length - 1 ? watchLastItem : undefined)}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        {isFetchingNextPage ? <LoadingState label={texts.loadingMore} className="py-4" /> : null}
        {isFetchNextPageError ? (
          <ErrorState
            title={texts.failed}
            message={failureMessage}
            onRetry={() => void query.fetchNextPage()}
          />
        ) : null}
        {hasNextPage && !isFetchingNextPage && typeof IntersectionObserver === 'undefined' ? (
          <Button variant="outline" onClick={() => void query.fetchNextPage()}>
            {texts.loadMore}
          </Button>
        ) : null}
        {!hasNextPage ? (
          <p className="text-sm text-slate-600">
            You&apos;ve reached the end of the list. Showing {items.length} of{' '}
            {countOf(total, texts.one, texts.noun)}.
          </p>
        ) : null}
      </div>
    </>
  );
}
