import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { phaseLabel } from '@trowel/shared/projects/phase.names.ts';
import { canEditTasksFully } from '@trowel/shared/projects/project.policy.ts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { AttachmentThumbnail } from '../../../features/attachments/components/attachment-thumbnail.tsx';
import { AttachmentViewer } from '../../../features/attachments/components/attachment-viewer.tsx';
import { PhaseEditScreen } from '../../../features/phases/components/phase-edit-screen.tsx';
import { useProjectDetail } from '../../../features/projects/hooks/use-project-detail.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

interface Viewing {
  attachment: AttachmentDto;
  remove: (() => void) | undefined;
}

/** /projects/:projectId/phases/:phaseName/edit */
export function PhaseEditRoute() {
  const { projectId = '', phaseName = '' } = useParams();
  const { query, notFound } = useProjectDetail(projectId);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const projectPath = `/projects/${encodeURIComponent(projectId)}`;
  const user = useCurrentUser();
  const phase = query.data?.phases.find((candidate) => candidate.name === phaseName);
  const label = phase ? phaseLabel(phase) : phaseName;
  // Only those who may edit the phase see an 'Edit Phase' screen; everyone else its label.
  const title = query.data && canEditTasksFully(user, query.data) ? `Edit Phase: ${label}` : label;
  useDocumentTitle(title);

  let body;
  if (query.isPending || notFound) {
    body = <LoadingState label="Loading phase details..." />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title="Error loading project"
        message="Failed to load project details. Please try again."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    body = (
      <PhaseEditScreen
        project={query.data}
        phaseName={phaseName}
        onViewAttachment={(attachment, remove) => setViewing({ attachment, remove })}
        renderThumbnail={(attachment) => <AttachmentThumbnail attachment={attachment} />}
      />
    );
  }

  const remove = viewing?.remove;
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={projectPath}>Back to Project</BackLink>
      <div className="mt-2">
        <PageHeader title={title} description={query.data ? query.data.title : undefined} />
      </div>
      {body}
      <AttachmentViewer
        attachment={viewing?.attachment ?? null}
        onClose={() => setViewing(null)}
        onDelete={remove ? () => remove() : undefined}
      />
    </div>
  );
}
