import { can } from '@trowel/shared/auth/policy.ts';
import { projectScope } from '@trowel/shared/auth/scope.ts';
import { LoadingState } from '../../components/ui/states.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { CompanyCostsCard } from '../../features/costs/components/company-costs-card.tsx';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview.tsx';
import { WelcomeCard } from '../../features/dashboard/components/welcome-card.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { lazyScreen } from '../lazy-screen.tsx';

// Only vendors load their dashboard's code.
const VendorDashboard = lazyScreen(
  async () => (await import('../../features/vendor-portal/components/vendor-dashboard.tsx')).VendorDashboard,
  <LoadingState label="Loading dashboard..." />,
);

/**
 * /: vendors see their RFQs and figures; others who see no projects a welcome card; everyone else project
 * figures, and the administrator and the accountant the company's costs under them.
 */
export function DashboardRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Dashboard');
  if (can(user, 'vendor:portal')) {
    return (
      <>
        <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />
        <VendorDashboard />
      </>
    );
  }
  if (projectScope(user) === 'none') return <WelcomeCard user={user} />;
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />
      <div className="space-y-6">
        <DashboardOverview user={user} />
        {can(user, 'costs:read-company') ? <CompanyCostsCard /> : null}
      </div>
    </>
  );
}
