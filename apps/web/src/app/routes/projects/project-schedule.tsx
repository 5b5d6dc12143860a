import { SCHEDULE_MESSAGES } from '@trowel/shared/schedule/schedule.schemas.ts';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useProjectDetail } from '../../../features/projects/hooks/use-project-detail.ts';
import { useSchedule } from '../../../features/schedule/api/get-schedule.ts';
import { ScheduleView } from '../../../features/schedule/components/schedule-view.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** /projects/:id/schedule */
export function ProjectScheduleRoute() {
  const { id = '' } = useParams();
  const { query: project } = useProjectDetail(id);
  const schedule = useSchedule(id);
  const title = project.data ? `Schedule: ${project.data.title}` : 'Schedule';
  useDocumentTitle(title);
  return (
    <div>
      <BackLink to={`/projects/${encodeURIComponent(id)}`}>Back to Project</BackLink>
      <div className="mt-2">
        <PageHeader title={title} />
      </div>
      {schedule.isPending ? (
        <LoadingState label="Loading schedule..." />
      ) : schedule.isError ? (
        <QueryErrorState title={SCHEDULE_MESSAGES.loadFailed} query={schedule} />
      ) : (
        <ScheduleView projectId={id} schedule={schedule.data} />
      )}
    </div>
  );
}
