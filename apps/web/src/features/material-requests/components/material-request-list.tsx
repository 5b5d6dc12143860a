import {
  MATERIAL_REQUEST_STATUSES,
  MATERIAL_STATUS_LABELS,
  MATERIAL_STORE_STATUS_LABELS,
  MATERIAL_STORE_STATUSES,
} from '@trowel/shared/material-requests/material-request.machine.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { useState } from 'react';
import { InfiniteList, listTexts } from '../../../components/ui/infinite-list.tsx';
import { ProjectFilterSelect, SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import { useProjectIdParam } from '../../../hooks/use-project-id-param.ts';
import { useMaterialRequestProjects } from '../api/get-material-request-projects.ts';
import { useMaterialRequests } from '../api/get-material-requests.ts';
import { MaterialRequestCard } from './material-request-card.tsx';

/**
 * The requests the person sees, filtered by project and status, newest first. The project filter
 * offers the projects the person may act on (the shared rule, answered by the server): an engineer
 * the projects they are on, a lead those they lead, those who read every request every project.
 */
export function MaterialRequestList(props: { user: Pick<UserDto, 'id' | 'role'> }) {
  const [projectId, setProjectId] = useProjectIdParam();
  const [status, setStatus] = useState('');
  const list = useMaterialRequests({ projectId, status });
  const projects = useMaterialRequestProjects('filter');
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <ProjectFilterSelect
            id="material-project"
            projects={projects.data ?? []}
            value={projectId}
            onChange={setProjectId}
          />
          {projects.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Your projects could not be loaded.{' '}
              <button
                type="button"
                className="font-medium underline"
                disabled={projects.isFetching}
                onClick={() => void projects.refetch()}
              >
                Retry
              </button>
            </p>
          ) : null}
        </div>
        <SelectField id="material-status" label="Status" value={status} onChange={setStatus}>
          <option value="">All Statuses</option>
          <SelectOptions
            values={MATERIAL_REQUEST_STATUSES}
            label={(value) => MATERIAL_STATUS_LABELS[value]}
          />
          <SelectOptions
            values={MATERIAL_STORE_STATUSES}
            label={(value) => MATERIAL_STORE_STATUS_LABELS[value]}
          />
        </SelectField>
      </div>
      <InfiniteList
        list={list}
        label="Material requests"
        className="grid gap-3"
        scrollToTop
        texts={listTexts('material request', 'material requests', 'Failed to load material requests')}
        empty={{
          title: projectId || status ? 'No requests match these filters' : 'No material requests yet',
          description: 'Requests for materials from site will appear here.',
        }}
        renderItem={(request, ref) => (
          <MaterialRequestCard request={request} user={props.user} cardRef={ref} />
        )}
      />
    </div>
  );
}
