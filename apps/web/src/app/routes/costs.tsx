import { COST_TEXTS } from '@trowel/shared/costs/cost.schemas.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { CompanyCostsList } from '../../features/costs/components/company-costs-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /costs: every project's budget against what it costs (the administrator and the accountant). */
export function CostsRoute() {
  useDocumentTitle(COST_TEXTS.companyTitle);
  return (
    <>
      <PageHeader
        title={COST_TEXTS.companyTitle}
        description="Budget against committed and actual, project by project."
      />
      <CompanyCostsList />
    </>
  );
}
