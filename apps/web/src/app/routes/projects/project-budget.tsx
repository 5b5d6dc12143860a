import { can } from '@trowel/shared/auth/policy.ts';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { BudgetBoard } from '../../../features/budgets/components/budget-board.tsx';
import { useProjectDetail } from '../../../features/projects/hooks/use-project-detail.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/** /projects/:id/budget: the project's budgets; 'Budget Overview', read-only, for those who only read. */
export function ProjectBudgetRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const { query, notFound } = useProjectDetail(id);
  const title = can(user, 'budgets:create') ? 'Budget Management' : 'Budget Overview';
  useDocumentTitle(title);

  let body;
  if (query.isPending || notFound) body = <LoadingState label="Loading project details..." />;
  else if (query.isError)
    body = (
      <ErrorState
        title="Error loading project"
        message="Failed to load project details. Please try again."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else
    body = (
      <BudgetBoard
        user={user}
        project={query.data}
        projects={[{ id: query.data.id, title: query.data.title }]}
      />
    );

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <BackLink to={`/projects/${encodeURIComponent(id)}`}>Back to Project</BackLink>
      <PageHeader
        title={title}
        description={query.data?.title}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/budgets">All Budgets</Link>
          </Button>
        }
      />
      {body}
    </div>
  );
}
