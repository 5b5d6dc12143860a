import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { usePurchaseOrder } from '../../features/purchase-orders/api/get-purchase-order.ts';
import { OrderInvoicesPanel } from '../../features/invoices/components/order-invoices-panel.tsx';
import { PurchaseOrderDocument } from '../../features/purchase-orders/components/purchase-order-document.tsx';
import { PurchaseOrderReceiving } from '../../features/purchase-orders/components/purchase-order-receiving.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { isApiError } from '../../lib/api-client.ts';

/**
 * /purchase-orders/:id: the printable order and its deliveries, for procurement staff, the accountant,
 * the stores, the lead of its project and the vendor awarded.
 */
export function PurchaseOrderRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const query = usePurchaseOrder(id);
  useDocumentTitle(query.data?.poNumber ?? 'Purchase Order');
  if (query.isPending) return <LoadingState label="Loading purchase order..." />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader title="Purchase Order" />
        <ErrorState
          title={missing ? 'Purchase Order Not Found' : 'Failed to load purchase order'}
          message={
            missing
              ? 'The requested purchase order could not be found or you don’t have access to it.'
              : undefined
          }
          {...(missing ? {} : { onRetry: () => void query.refetch(), retrying: query.isFetching })}
        />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PurchaseOrderDocument order={query.data} />
      <PurchaseOrderReceiving order={query.data} role={user.role} />
      <OrderInvoicesPanel order={query.data} role={user.role} />
    </div>
  );
}
