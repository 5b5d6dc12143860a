import { can } from '@trowel/shared/auth/policy.ts';
import { MATERIAL_REQUEST_MESSAGES } from '@trowel/shared/material-requests/material-request.schemas.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../components/ui/states.tsx';
import { useSubmitMaterialRequest } from '../../features/material-requests/api/change-material-request.ts';
import { useMaterialRequestProjects } from '../../features/material-requests/api/get-material-request-projects.ts';
import { MaterialRequestForm } from '../../features/material-requests/components/material-request-form.tsx';
import { MaterialRequestList } from '../../features/material-requests/components/material-request-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useProjectIdParam } from '../../hooks/use-project-id-param.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session.ts';

/** /material-requests: site staff ask, leads review, the store answers (spec 2 §2). */
export function MaterialRequestsRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Material Requests');
  const mayCreate = can(user, 'material-requests:create');
  // Asked for with the list, so a request can be written offline after one visit online.
  useMaterialRequestProjects('request', mayCreate);
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Material Requests"
        description="Materials asked for on site, their review and delivery."
        actions={
          mayCreate && !creating ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" /> New Request
            </Button>
          ) : null
        }
      />
      {mayCreate && creating ? <NewMaterialRequest onDone={() => setCreating(false)} /> : null}
      <MaterialRequestList user={user} />
    </div>
  );
}

function NewMaterialRequest({ onDone }: { onDone: () => void }) {
  const projects = useMaterialRequestProjects('request');
  const create = useSubmitMaterialRequest();
  // Opened from a project's page (or with the list on one project), the request starts on that project.
  const [listedProject] = useProjectIdParam();
  return (
    <Card>
      <CardHeader>
        <CardTitle>New Material Request</CardTitle>
      </CardHeader>
      <CardContent>
        {projects.isPending ? (
          <LoadingState label="Loading your projects..." />
        ) : projects.isError ? (
          <QueryErrorState title="Failed to load your projects" query={projects} />
        ) : projects.data.length === 0 ? (
          <EmptyState
            title="No projects to request for"
            description="You can ask for materials for projects you lead or are on the team of."
          />
        ) : (
          <MaterialRequestForm
            projects={projects.data}
            initial={
              projects.data.some((project) => project.id === listedProject)
                ? { projectId: listedProject, items: [], notes: '' }
                : undefined
            }
            submitLabel="Submit Request"
            busy={create.isPending}
            onCancel={onDone}
            onSubmit={(input) =>
              create.mutate(input, {
                onSuccess: (result) => {
                  toast.success(result.queued ? OUTBOX_MESSAGES.queued : 'Material request submitted');
                  onDone();
                },
                onError: (error) =>
                  toast.error(MATERIAL_REQUEST_MESSAGES.addFailed, {
                    description: errorMessage(error, 'Please try again.'),
                  }),
              })
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
