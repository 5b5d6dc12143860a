import { can } from '@trowel/shared/auth/policy.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { BudgetBoard } from '../../features/budgets/components/budget-board.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useCurrentUser } from '../../lib/session.ts';

/** /budgets: every budget the user sees, across projects. */
export function BudgetsRoute() {
  const user = useCurrentUser();
  const title = can(user, 'budgets:create') ? 'Budget Management' : 'Budget Overview';
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <PageHeader title={title} description="Budgets of every project you work on, newest first." />
      <BudgetBoard user={user} project={null} />
    </div>
  );
}
