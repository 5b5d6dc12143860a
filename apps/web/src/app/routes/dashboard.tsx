import { projectScope } from '@trowel/shared/auth/scope.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview.tsx';
import { WelcomeCard } from '../../features/dashboard/components/welcome-card.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /: those who see no projects (vendors) keep their welcome card; everyone else sees project figures. */
export function DashboardRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Dashboard');
  if (projectScope(user) === 'none') return <WelcomeCard user={user} />;
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />
      <DashboardOverview user={user} />
    </>
  );
}
