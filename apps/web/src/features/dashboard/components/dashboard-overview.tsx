import { can } from '@trowel/shared/auth/policy.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';
import { ActiveProjects } from './active-projects.tsx';
import { AttentionBanner } from './attention-banner.tsx';
import { dashboardCards, projectsNeedingAttention } from './dashboard-figures.ts';
import { QuickActions } from './quick-actions.tsx';

/** The staff and client dashboard: figures, projects behind schedule, quick actions, active projects. */
export function DashboardOverview({ user }: { user: UserDto }) {
  const query = useDashboardStats();
  if (query.isPending) return <LoadingState label="Loading dashboard..." />;
  if (query.isError) {
    return (
      <ErrorState
        title="Failed to load dashboard data"
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
        retrying={query.isFetching}
      />
    );
  }
  const stats = query.data;
  return (
    <div className="space-y-6">
      <AttentionBanner projects={projectsNeedingAttention(stats)} />
      <ul aria-label="Project figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {dashboardCards(stats).map((card) => (
          <li key={card.label}>
            <Card className="h-full p-4">
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{card.label}</p>
              <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{card.value}</p>
            </Card>
          </li>
        ))}
      </ul>
      {can(user, 'dashboard:quick-actions') ? <QuickActions /> : null}
      <ActiveProjects projects={stats.activeProjects} />
    </div>
  );
}
