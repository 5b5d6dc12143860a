import { DELETED_MESSAGE, displayTitle } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useProjectDailyLogs } from '../api/get-project-daily-logs.ts';
import { LogTypeBadge } from './log-badges.tsx';

/** The project detail page's Daily Log tab: the 5 latest logs and a link to all of them. */
export function ProjectLogsPreview({ projectId }: { projectId: string }) {
  const query = useProjectDailyLogs(projectId);
  const viewAll = (
    <Button asChild variant="outline" size="sm">
      <Link to={`/daily-log?projectId=${encodeURIComponent(projectId)}`}>View All / Add</Link>
    </Button>
  );

  if (query.isPending) return <LoadingState label="Loading daily logs..." />;
  if (query.isError) {
    return (
      <ErrorState
        title="Failed to load daily logs"
        message={errorMessage(query.error, 'Please try again later.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const logs = query.data.dailyLogs;
  if (logs.length === 0) {
    return (
      <EmptyState
        title="No daily logs yet"
        description="The latest updates from site will show here."
        action={viewAll}
      />
    );
  }
  const total = Math.max(query.data.pagination.totalItems, logs.length);
  return (
    <div className="space-y-3">
      <ul
        aria-label="Latest daily logs"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
      >
        {logs.map((log) => (
          <li key={log.id} className="p-4">
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <h3 className="min-w-0 font-medium wrap-anywhere text-slate-900">
                {log.isDeleted ? DELETED_MESSAGE : displayTitle(log)}
              </h3>
              <time dateTime={log.createdAt} className="shrink-0 text-xs text-slate-500">
                {formatDate(log.createdAt || log.timestamp)}
              </time>
            </div>
            {log.isDeleted ? null : (
              <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-slate-600">
                {log.message || log.description}
              </p>
            )}
            <div className="mt-2">
              <LogTypeBadge type={log.type} />
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          Showing the {logs.length} latest of {total} {total === 1 ? 'log' : 'logs'}.
        </p>
        {viewAll}
      </div>
    </div>
  );
}
