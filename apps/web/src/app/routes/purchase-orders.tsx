import { PageHeader } from '../../components/ui/page-header.tsx';
import { PurchaseOrderList } from '../../features/purchase-orders/components/purchase-order-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /purchase-orders: the orders to receive against, pay, or (for a vendor) follow. */
export function PurchaseOrdersRoute() {
  useDocumentTitle('Purchase Orders');
  return (
    <>
      <PageHeader title="Purchase Orders" />
      <PurchaseOrderList />
    </>
  );
}
