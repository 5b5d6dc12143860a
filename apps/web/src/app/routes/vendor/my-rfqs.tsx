import { PageHeader } from '../../../components/ui/page-header.tsx';
import { MyRfqList } from '../../../features/vendor-portal/components/my-rfq-list.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** /rfqs: the RFQs sent to the signed-in vendor. */
export function MyRfqsRoute() {
  useDocumentTitle('My RFQs');
  return (
    <div className="space-y-6">
      <PageHeader title="My RFQs" description="Manage your requests for quotation" />
      <MyRfqList />
    </div>
  );
}
