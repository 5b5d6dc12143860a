import { useState } from 'react';
import { toast } from 'sonner';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useExportReport } from '../api/export-report.ts';
import { useReport } from '../api/get-report.ts';
import type { ReportFilters } from '../types.ts';
import { ReportChart } from './report-chart.tsx';
import { ReportFiltersBar } from './report-filters.tsx';
import { ReportOverview } from './report-overview.tsx';
import { StatusSummary } from './status-summary.tsx';

/** The reports screen's body: filters, export, overview figures, status summary and chart. */
export function ReportsDashboard() {
  const [filters, setFilters] = useState<ReportFilters>({ timeframe: 'all', category: 'all' });
  const query = useReport(filters);
  const exportReport = useExportReport();

  const onExport = () =>
    exportReport.mutate(filters, {
      onSuccess: (fileName) =>
        toast.success('Report Exported', { description: `${fileName} has been downloaded.` }),
      onError: (error) =>
        toast.error('Export Failed', { description: errorMessage(error, 'Please try again.') }),
    });

  let body;
  if (query.isPending) {
    body = <LoadingState label="Loading report..." />;
  } else if (query.isError && !query.data) {
    body = <QueryErrorState title="Failed to load report" query={query} />;
  } else if (query.data.overview.totalProjects === 0) {
    body = <EmptyState title="No projects found" description="No projects match these filters." />;
  } else {
    const report = query.data;
    body = (
      <div aria-busy={query.isPlaceholderData || undefined} className="space-y-6">
        <ReportOverview overview={report.overview} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <StatusSummary rows={report.statusSummary} />
          <ReportChart report={report} />
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <ReportFiltersBar
        filters={filters}
        onChange={setFilters}
        onExport={onExport}
        exporting={exportReport.isPending}
      />
      {body}
    </div>
  );
}
