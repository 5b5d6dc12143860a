import { INFINITE_SCROLL_MARGIN_PX } from '@trowel/shared/projects/project.constants.ts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import type { MessageRef } from '../hooks/daily-log-cache.ts';
import type { DailyLogList } from '../hooks/use-daily-log-list.ts';
import { DailyLogCard } from './daily-log-card.tsx';

interface DailyLogFeedProps {
  list: DailyLogList;
  empty: { title: string; description: ReactNode; action?: ReactNode };
  onDelete: (target: MessageRef) => void;
}

/** The logs with loading, failure, empty and end-of-list states; the next page loads on scroll. */
export function DailyLogFeed({ list, empty, onDelete }: DailyLogFeedProps) {
  const { query, logs, total, reload } = list;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const watchLastLog = useInfiniteScroll({
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onLoadMore: () => void query.fetchNextPage(),
    marginPx: INFINITE_SCROLL_MARGIN_PX,
  });

  if (query.isPending) return <LoadingState label="Loading daily logs..." />;
  if (query.isError && logs.length === 0) {
    return (
      <ErrorState
        title="Failed to load daily logs"
        message={errorMessage(query.error, 'Please try again later.')}
        onRetry={() => void reload()}
        retrying={query.isFetching}
      />
    );
  }
  if (logs.length === 0) return <EmptyState {...empty} />;

  return (
    <>
      <ul aria-label="Daily logs" className="space-y-4">
        {logs.map((log, index) => (
          <li key={log.id}>
            <DailyLogCard
              log={log}
              onDelete={onDelete}
              ref={index === logs.length - 1 ? watchLastLog : undefined}
            />
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        {isFetchingNextPage ? <LoadingState label="Loading more logs..." className="py-4" /> : null}
        {isFetchNextPageError ? (
          <ErrorState
            title="Failed to load daily logs"
            message={errorMessage(query.error, 'Please try again later.')}
            onRetry={() => void query.fetchNextPage()}
          />
        ) : null}
        {hasNextPage && !isFetchingNextPage && typeof IntersectionObserver === 'undefined' ? (
          <Button variant="outline" onClick={() => void query.fetchNextPage()}>
            Load more logs
          </Button>
        ) : null}
        {!hasNextPage ? (
          <p className="text-sm text-slate-600">
            You&apos;ve reached the end of the list. Showing {logs.length} of {total} logs.
          </p>
        ) : null}
      </div>
    </>
  );
}
