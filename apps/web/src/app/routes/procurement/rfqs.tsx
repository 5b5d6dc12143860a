import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RfqCreateForm } from '../../../features/procurement/components/rfq-create-form.tsx';
import { RfqList } from '../../../features/procurement/components/rfq-list.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useProjectChoices } from '../project-choices.ts';

/** /procurement/rfqs: the RFQ list and the create form (admin and QS). */
export function RfqsRoute() {
  useDocumentTitle('Requests for Quotation');
  const projects = useProjectChoices();
  const [params] = useSearchParams();
  const [creating, setCreating] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Requests for Quotation"
        description="Send requests to vendors and compare what comes back."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/procurement/vendors">Vendors</Link>
            </Button>
            <Button onClick={() => setCreating(true)} disabled={creating}>
              <Plus aria-hidden="true" />
              Create RFQ
            </Button>
          </>
        }
      />
      {creating ? <RfqCreateForm projects={projects} onClose={() => setCreating(false)} /> : null}
      <RfqList projects={projects} vendorId={params.get('vendorId') ?? ''} />
    </div>
  );
}
