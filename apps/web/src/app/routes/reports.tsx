import { PageHeader } from '../../components/ui/page-header.tsx';
import { ReportsDashboard } from '../../features/reports/components/reports-dashboard.tsx';

/** /reports */
export function ReportsRoute() {
  return (
    <>
      <PageHeader
        title="Reports and Analytics"
        description="Project status, budgets and progress at a glance."
      />
      <ReportsDashboard />
    </>
  );
}
