import type { ActivityItem, UserDto } from '@trowel/shared/users/user.schemas.ts';
import {
  Activity,
  FileImage,
  FolderKanban,
  KeyRound,
  ListChecks,
  MessageSquareReply,
  NotebookPen,
  PiggyBank,
  TrendingUp,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useUserActivity } from '../api/get-user-activity.ts';
import { statisticText, useUserStats } from '../api/get-user-stats.ts';

const ACTIVITY_ICONS = {
  account: UserRound,
  profile: UserRound,
  security: KeyRound,
  project: FolderKanban,
  task: ListChecks,
  log: NotebookPen,
  reply: MessageSquareReply,
  media: FileImage,
  budget: PiggyBank,
  other: Activity,
} as const satisfies Record<ActivityItem['type'], LucideIcon>;

function StatisticsCard({ userId }: { userId: string }) {
  const query = useUserStats(userId);
  const tiles = [
    { label: 'Projects', value: statisticText(query, (s) => String(s.projectsCount)), icon: FolderKanban },
    { label: 'Updates', value: statisticText(query, (s) => String(s.updatesCount)), icon: NotebookPen },
    { label: 'Media Files', value: statisticText(query, (s) => String(s.mediaFilesCount)), icon: FileImage },
    {
      label: 'Completion Rate',
      value: statisticText(query, (s) => `${s.completionRate}%`),
      icon: TrendingUp,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Statistics</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900"
          >
            <span>Failed to load statistics</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              Retry
            </Button>
          </div>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={query.isPending || undefined}>
          {tiles.map(({ label, value, icon: Icon }) => (
            <div key={label} className="rounded-md border border-slate-200 p-3">
              <dt className="flex items-center gap-1.5 text-xs text-slate-500">
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function RecentActivityCard({ userId }: { userId: string }) {
  const query = useUserActivity(userId);
  let body;
  if (query.isPending) body = <LoadingState label="Loading recent activity..." />;
  else if (query.isError) body = <QueryErrorState title="Failed to load recent activity" query={query} />;
  else if (query.data.length === 0) body = <EmptyState title="No recent activity" />;
  else
    body = (
      <>
        <ol aria-label="Recent activity" className="divide-y divide-slate-100">
          {query.data.map((item) => {
            const Icon = ACTIVITY_ICONS[item.type] ?? Activity;
            return (
              <li key={item.id} className="flex gap-3 py-3">
                <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-700">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0">
                  <p className="text-sm wrap-anywhere text-slate-900">{item.description}</p>
                  <p className="text-xs text-slate-500">
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
        <p className="pt-3 text-center text-xs text-slate-500">
          {query.data.length === 1
            ? 'Your most recent activity.'
            : `Your ${query.data.length} most recent activities.`}
        </p>
      </>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

export function ActivityOverview({ user }: { user: UserDto }) {
  return (
    <div className="space-y-6">
      <StatisticsCard userId={user.id} />
      <RecentActivityCard userId={user.id} />
    </div>
  );
}
