import { can } from '@trowel/shared/auth/policy.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { FigureGrid } from '../../../components/ui/figure-grid.tsx';
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
      <FigureGrid label="Project figures" figures={dashboardCards(stats)} className="lg:grid-cols-5" />
      {can(user, 'dashboard:quick-actions') ? <QuickActions /> : null}
      <ActiveProjects projects={stats.activeProjects} />
    </div>
  );
}
