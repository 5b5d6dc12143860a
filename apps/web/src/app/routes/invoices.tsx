import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { useInvoice } from '../../features/invoices/api/get-invoice.ts';
import { InvoiceDetail } from '../../features/invoices/components/invoice-detail.tsx';
import { InvoiceList } from '../../features/invoices/components/invoice-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session.ts';

/** /invoices: vendors' invoices (the accounts and procurement all of them, a vendor their own). */
export function InvoicesRoute() {
  useDocumentTitle('Invoices');
  return (
    <>
      <PageHeader title="Invoices" />
      <InvoiceList />
    </>
  );
}

/** /invoices/:id: the three-way match, the decision and the payments. */
export function InvoiceRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const query = useInvoice(id);
  useDocumentTitle(query.data ? `Invoice ${query.data.invoiceNumber}` : 'Invoice');
  if (query.isPending) return <LoadingState label="Loading invoice..." />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader title="Invoice" />
        <ErrorState
          title={missing ? 'Invoice Not Found' : 'Failed to load invoice'}
          message={
            missing ? 'The requested invoice could not be found or you don’t have access to it.' : undefined
          }
          {...(missing ? {} : { onRetry: () => void query.refetch(), retrying: query.isFetching })}
        />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Invoice" />
      <InvoiceDetail invoice={query.data} role={user.role} />
    </div>
  );
}
