import { formatNaira } from '@trowel/shared/money/format.ts';
import { VENDOR_MESSAGES } from '@trowel/shared/procurement/vendor.constants.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FigureGrid } from '../../../components/ui/figure-grid.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRecentRfqs } from '../api/get-my-rfqs.ts';
import { useMyStats } from '../api/get-my-stats.ts';
import { VendorRfqCard } from './vendor-rfq-card.tsx';

/** A dashboard failure as the vendor reads it: a missing profile means the account was deactivated. */
export function dashboardFailure(error: unknown): string {
  const message = errorMessage(error, '');
  return message.includes(VENDOR_MESSAGES.serverProfileNotFound)
    ? VENDOR_MESSAGES.deactivated
    : VENDOR_MESSAGES.dashboardFailed;
}

/** The vendor's dashboard: their figures and their five most recent RFQs. */
export function VendorDashboard() {
  const stats = useMyStats();
  const recent = useRecentRfqs();
  const failed = stats.error ?? recent.error;
  if (failed) {
    return (
      <ErrorState
        title={dashboardFailure(failed)}
        onRetry={() => {
          void stats.refetch();
          void recent.refetch();
        }}
        retryLabel="Retry"
        retrying={stats.isFetching || recent.isFetching}
      />
    );
  }
  if (!stats.data || !recent.data) return <LoadingState label="Loading dashboard..." />;
  return (
    <div className="space-y-6">
      <FigureGrid
        label="Your figures"
        className="lg:grid-cols-4"
        figures={[
          { label: 'Total RFQs', value: String(stats.data.totalRfqs) },
          { label: 'Action Required', value: String(stats.data.actionRequired) },
          { label: 'Quotes Submitted', value: String(stats.data.quotesSubmitted) },
          { label: 'RFQs Won', value: String(stats.data.rfqsWon) },
          { label: 'Under Review', value: String(stats.data.underReview) },
          { label: 'Not Selected', value: String(stats.data.notSelected) },
          { label: 'Value Quoted', value: formatNaira(stats.data.valueQuoted), amount: true },
          { label: 'Value Won', value: formatNaira(stats.data.valueWon), amount: true },
        ]}
      />
      <section aria-label="Recent RFQs" className="space-y-3">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold text-slate-900">Recent RFQs</h2>
          <Button asChild variant="outline" size="sm">
            <Link to="/rfqs">View all</Link>
          </Button>
        </div>
        {recent.data.length === 0 ? (
          <EmptyState
            title="No RFQs Yet"
            description="You haven't received any requests for quotation yet. When project managers send you RFQs, they'll appear here."
          />
        ) : (
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {recent.data.map((rfq) => (
              <VendorRfqCard key={rfq.id} rfq={rfq} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
