import type { DailyLogDto } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { InfiniteList } from '../../../components/ui/infinite-list.tsx';
import type { EmptyStateProps } from '../../../components/ui/states.tsx';
import type { PagedList } from '../../../hooks/use-paged-list.ts';
import type { MessageRef } from '../hooks/daily-log-cache.ts';
import { DailyLogCard } from './daily-log-card.tsx';

const TEXTS = {
  loading: 'Loading daily logs...',
  loadingMore: 'Loading more logs...',
  failed: 'Failed to load daily logs',
  loadMore: 'Load more logs',
  noun: 'logs',
  one: 'log',
};

interface DailyLogFeedProps {
  list: PagedList<DailyLogDto>;
  empty: EmptyStateProps;
  onDelete: (target: MessageRef) => void;
}

/** The logs with loading, failure, empty and end-of-list states; the next page loads on scroll. */
export function DailyLogFeed({ list, empty, onDelete }: DailyLogFeedProps) {
  return (
    <InfiniteList
      list={list}
      texts={TEXTS}
      empty={empty}
      label="Daily logs"
      className="space-y-4"
      renderItem={(log, ref) => <DailyLogCard log={log} onDelete={onDelete} ref={ref} />}
      scrollToTop
    />
  );
}
