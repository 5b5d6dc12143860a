import { RFQ_MESSAGES } from '@trowel/shared/procurement/rfq.schemas.ts';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/states.tsx';
import { useRfq } from '../../../features/procurement/api/get-rfq.ts';
import { RfqDetail } from '../../../features/procurement/components/rfq-detail.tsx';
import { VendorLinksCard } from '../../../features/auto-login/components/vendor-links-card.tsx';
import { NegotiationThreads } from '../../../features/negotiations/components/negotiation-threads.tsx';
import { useWhatsAppDelivery } from '../../../features/whatsapp/components/whatsapp-delivery.tsx';
import { PurchaseOrderCard } from '../../../features/purchase-orders/components/purchase-order-card.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/** /procurement/rfqs/{id}: one RFQ and the decisions on it (admin and QS). */
export function RfqDetailRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const rfq = useRfq(id);
  const whatsappDelivery = useWhatsAppDelivery(id);
  useDocumentTitle(rfq.data ? `RFQ #${rfq.data.number}` : 'RFQ Details');
  const notFound = rfq.isError && isApiError(rfq.error) && rfq.error.status === 404;
  const failed = rfq.isError && !notFound;
  useEffect(() => {
    if (!failed) return;
    toast.error(RFQ_MESSAGES.loadDetailFailed);
    void navigate('/procurement/rfqs');
  }, [failed, navigate]);

  if (rfq.isPending || failed) return <LoadingState label="Loading RFQ details..." />;
  if (notFound) {
    return (
      <EmptyState
        title={RFQ_MESSAGES.notFound}
        action={
          <Button asChild variant="outline">
            <Link to="/procurement/rfqs">Back to RFQs</Link>
          </Button>
        }
      />
    );
  }
  if (!rfq.data) return <LoadingState label="Loading RFQ details..." />;
  return (
    <div className="space-y-4">
      <BackLink to="/procurement/rfqs">Back to RFQs</BackLink>
      <RfqDetail rfq={rfq.data} role={user.role} vendorExtra={whatsappDelivery} />
      {rfq.data.purchaseOrder ? <PurchaseOrderCard order={rfq.data.purchaseOrder} /> : null}
      <NegotiationThreads rfq={rfq.data} role={user.role} />
      <VendorLinksCard rfq={rfq.data} />
    </div>
  );
}
