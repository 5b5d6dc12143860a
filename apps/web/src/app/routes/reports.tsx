import { PageHeader } from '../../components/ui/page-header.tsx';
import { ReportsDashboard } from '../../features/reports/components/reports-dashboard.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /reports */
export function ReportsRoute() {
  useDocumentTitle('Reports');
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
