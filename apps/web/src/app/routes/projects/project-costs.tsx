import { COST_TEXTS } from '@trowel/shared/costs/cost.schemas.ts';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useProjectCosts } from '../../../features/costs/api/get-costs.ts';
import { ProjectCostsView } from '../../../features/costs/components/project-costs-view.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { isApiError } from '../../../lib/api-client.ts';

/** /projects/:id/costs: the project's budget against what it costs (staff who read its budgets). */
export function ProjectCostsRoute() {
  const { id = '' } = useParams();
  const query = useProjectCosts(id);
  const title = query.data ? `${COST_TEXTS.title}: ${query.data.projectTitle}` : COST_TEXTS.title;
  useDocumentTitle(title);
  let body;
  if (query.isPending) body = <LoadingState label="Loading costs..." />;
  else if (query.isError && isApiError(query.error) && query.error.status === 404)
    body = (
      <ErrorState
        title="Project Not Found"
        message="The requested project could not be found or you don’t have access to it."
      />
    );
  else if (query.isError) body = <QueryErrorState title={COST_TEXTS.loadFailed} query={query} />;
  else body = <ProjectCostsView costs={query.data} />;
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to={`/projects/${encodeURIComponent(id)}`}>Back to Project</BackLink>
      <div className="mt-2">
        <PageHeader title={title} />
      </div>
      {body}
    </div>
  );
}
