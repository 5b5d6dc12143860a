import { FINANCIALS_MESSAGES } from '@trowel/shared/financials/financials.schemas.ts';
import { canManageFinancials } from '@trowel/shared/financials/financials.rules.ts';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useFinancials } from '../../../features/financials/api/financials.ts';
import { FinancialsForm } from '../../../features/financials/components/financials-form.tsx';
import { useProjectDetail } from '../../../features/projects/hooks/use-project-detail.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * /projects/:id/financials: only admin, accountant and QS use the screen; anyone else is told
 * 'Unauthorized' and goes back to the project; a missing project goes to /projects.
 */
export function ProjectFinancialsRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const allowed = canManageFinancials(user);
  const projectPath = `/projects/${encodeURIComponent(id)}`;
  const { query, notFound } = useProjectDetail(id);
  const financials = useFinancials(id, allowed);
  useDocumentTitle(FINANCIALS_MESSAGES.title);

  useEffect(() => {
    if (allowed) return;
    toast.error(FINANCIALS_MESSAGES.unauthorized.title, {
      description: FINANCIALS_MESSAGES.unauthorized.description,
    });
    void navigate(projectPath, { replace: true });
  }, [allowed, navigate, projectPath]);

  let body;
  if (!allowed || query.isPending || notFound || financials.isPending)
    body = <LoadingState label="Loading financials..." />;
  else if (query.isError)
    body = (
      <ErrorState
        title="Error loading project"
        message="Failed to load project details. Please try again."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (financials.isError)
    body = <QueryErrorState title="Failed to load financials" query={financials} />;
  else
    body = (
      <Card>
        <CardContent className="pt-6">
          <FinancialsForm projectId={id} financials={financials.data} />
        </CardContent>
      </Card>
    );

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <BackLink to={projectPath}>Back to Project</BackLink>
      <PageHeader title={FINANCIALS_MESSAGES.title} description={query.data?.title} />
      {body}
    </div>
  );
}
