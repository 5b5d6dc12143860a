import { PageHeader } from '../../components/ui/page-header.tsx';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview.tsx';
import { WelcomeCard } from '../../features/dashboard/components/welcome-card.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /: vendors keep their welcome card until the vendor dashboard exists; everyone else sees figures. */
export function DashboardRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Dashboard');
  if (user.role === 'vendor') return <WelcomeCard user={user} />;
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />
      <DashboardOverview user={user} />
    </>
  );
}
