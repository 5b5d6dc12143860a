import { RFQ_MESSAGES } from '@trowel/shared/procurement/rfq.schemas.ts';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useVendorRfq } from '../../../features/vendor-portal/api/get-vendor-rfq.ts';
import { VendorRfqDetail } from '../../../features/vendor-portal/components/vendor-rfq-detail.tsx';
import { PriceNegotiationsCard } from '../../../features/negotiations/components/price-negotiations-card.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/** /rfqs/{id}: one RFQ sent to the vendor, and their quote. */
export function VendorRfqRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const rfq = useVendorRfq(id);
  useDocumentTitle(rfq.data?.title ?? 'RFQ Details');
  const back = <BackLink to="/rfqs">Back to My RFQs</BackLink>;
  if (rfq.isPending) return <LoadingState label="Loading RFQ details..." />;
  if (rfq.isError) {
    const notFound = isApiError(rfq.error) && rfq.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        {notFound ? (
          <EmptyState title={RFQ_MESSAGES.notFound} description={RFQ_MESSAGES.notFoundDetail} />
        ) : (
          <ErrorState
            title={RFQ_MESSAGES.vendorLoadTitle}
            message={errorMessage(rfq.error, RFQ_MESSAGES.vendorLoadDetailFailed)}
            onRetry={() => void rfq.refetch()}
            retrying={rfq.isFetching}
          />
        )}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {back}
      <VendorRfqDetail rfq={rfq.data} vendorId={user.id} />
      <PriceNegotiationsCard
        rfqId={rfq.data.id}
        negotiations={rfq.data.negotiations}
        rfqStatus={rfq.data.status}
        orderNegotiationId={rfq.data.purchaseOrder?.negotiationId ?? null}
      />
    </div>
  );
}
