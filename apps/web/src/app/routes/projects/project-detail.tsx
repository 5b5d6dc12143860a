import { can } from '@trowel/shared/auth/policy.ts';
import { projectScope } from '@trowel/shared/auth/scope.ts';
import { projectAbilities, seesProjectFigures } from '@trowel/shared/projects/project.policy.ts';
import { projectLinks } from '@trowel/shared/routes/navigation.ts';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { ProjectBudgetSummary } from '../../../features/budgets/components/project-budget-summary.tsx';
import { ClientFinancials } from '../../../features/financials/components/client-financials.tsx';
import { ChangeOrdersSection } from '../../../features/change-orders/components/change-orders-section.tsx';
import { ProjectLogsPreview } from '../../../features/daily-logs/components/project-logs-preview.tsx';
import { ProjectMediaPreview } from '../../../features/media/components/project-media-preview.tsx';
import { PhasesCard } from '../../../features/phases/components/phases-card.tsx';
import { ProjectDetailHeader } from '../../../features/projects/components/project-detail-header.tsx';
import { ProjectOverview } from '../../../features/projects/components/project-overview.tsx';
import { ProjectTabs } from '../../../features/projects/components/project-tabs.tsx';
import { useProjectDetail } from '../../../features/projects/hooks/use-project-detail.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** /projects/:id */
export function ProjectDetailRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const { query, notFound } = useProjectDetail(id);
  useDocumentTitle(query.data?.title ?? 'Project Details');

  if (query.isPending || notFound) {
    return (
      <>
        <h1 className="sr-only">Project Details</h1>
        <LoadingState label="Loading project details..." />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title="Project Details" />
        <ErrorState
          title="Error loading project"
          message="Failed to load project details. Please try again."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }
  const project = query.data;
  const abilities = projectAbilities(user, project);
  return (
    <div className="space-y-6">
      <ProjectDetailHeader
        project={project}
        canEdit={abilities.edit}
        links={projectLinks(user.role, project.id, seesProjectFigures(user, project))}
      />
      <ProjectOverview
        project={project}
        seeInternalCosts={abilities.seeInternalCosts}
        mayLeaveTestimonial={can(user, 'testimonials:create')}
      />
      <PhasesCard
        project={project}
        canManage={abilities.managePhases}
        viewOnly={projectScope(user) !== 'all'}
      />
      <ProjectTabs
        project={project}
        user={user}
        abilities={abilities}
        dailyLogTab={<ProjectLogsPreview projectId={project.id} />}
        mediaTab={<ProjectMediaPreview projectId={project.id} />}
        budgetTab={(links) => (
          <ProjectBudgetSummary
            projectId={project.id}
            utilisation={project.budgetUtilisation ?? 0}
            approvedTotal={project.approvedBudgetTotal ?? 0}
            mayRead={abilities.viewBudget}
            links={links}
          />
        )}
        clientFinancialsTab={<ClientFinancials projectId={project.id} />}
        changeOrdersTab={<ChangeOrdersSection project={project} viewer={user} />}
      />
    </div>
  );
}
