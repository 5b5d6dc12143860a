import { SCHEDULE_MESSAGES } from '@trowel/shared/schedule/schedule.schemas.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../components/ui/states.tsx';
import { LOOK_AHEAD_DAYS, useLookAhead } from '../../features/schedule/api/get-look-ahead.ts';
import { LookAheadList } from '../../features/schedule/components/look-ahead-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatDateOnly } from '../../lib/format-date.ts';

/** /schedule/look-ahead: the next two weeks of the person's projects, day by day. */
export function LookAheadRoute() {
  useDocumentTitle('Look-ahead');
  const query = useLookAhead();
  const span = query.data ? `${formatDateOnly(query.data.from)} – ${formatDateOnly(query.data.to)}` : null;
  return (
    <div>
      <PageHeader
        title="Look-ahead"
        description={`Tasks starting, due or late in the next ${LOOK_AHEAD_DAYS} days${span ? ` (${span})` : ''}.`}
      />
      {query.isPending ? (
        <LoadingState label="Loading look-ahead..." />
      ) : query.isError ? (
        <QueryErrorState title={SCHEDULE_MESSAGES.lookAheadLoadFailed} query={query} />
      ) : query.data.tasks.length === 0 ? (
        <EmptyState title={SCHEDULE_MESSAGES.lookAheadEmpty} />
      ) : (
        <LookAheadList tasks={query.data.tasks} today={query.data.from} />
      )}
    </div>
  );
}
