import { formatQuantity } from '@trowel/shared/money/format.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { materialRequestAbilities } from '@trowel/shared/material-requests/material-request.policy.ts';
import {
  MATERIAL_REQUEST_MESSAGES,
  MATERIAL_RESUBMIT_STATUS,
  type MaterialRequestDto,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { useDeleteMaterialRequest, useUpdateMaterialRequest } from '../api/change-material-request.ts';
import { useMaterialRequest } from '../api/get-material-request.ts';
import { LeadReviewActions, StoreUpdateForm } from './material-request-actions.tsx';
import { MaterialRequestForm } from './material-request-form.tsx';
import { MaterialRequestStatusBadge } from './material-request-status-badge.tsx';
import { MaterialRequestHistory } from './status-history.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';

interface MaterialRequestCardProps {
  request: MaterialRequestDto;
  user: Pick<UserDto, 'id' | 'role'>;
  cardRef?: ((element: Element | null) => void) | undefined;
}

/** One request: what was asked, by whom, its status, the notes, and what this person may do now. */
export function MaterialRequestCard({ request, user, cardRef }: MaterialRequestCardProps) {
  const abilities = materialRequestAbilities(user, request);
  const [editing, setEditing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateMaterialRequest();
  const remove = useDeleteMaterialRequest();
  const detail = useMaterialRequest(request.id, showHistory);

  return (
    <Card ref={cardRef} className="space-y-3 p-4" aria-label={`Material request for ${request.projectTitle}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold wrap-anywhere text-slate-900">{request.projectTitle}</h3>
          <p className="text-xs text-slate-600">
            {request.requestedBy} · {formatDate(request.timestamp)}
          </p>
        </div>
        <MaterialRequestStatusBadge status={request.status} storeStatus={request.storeStatus} />
      </div>
      <ul aria-label="Items" className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
        {request.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 px-3 py-1.5">
            <span className="min-w-0 wrap-anywhere">{item.name}</span>
            <span className="shrink-0 font-medium">{formatQuantity(item.quantity)}</span>
          </li>
        ))}
      </ul>
      {request.notes ? <p className="text-sm wrap-anywhere text-slate-700">{request.notes}</p> : null}
      {request.leadReviewNotes ? (
        <p className="text-sm wrap-anywhere text-slate-700">
          <span className="font-medium">Lead notes:</span> {request.leadReviewNotes}
        </p>
      ) : null}
      {request.storeStatus ? (
        <p className="text-sm wrap-anywhere text-slate-700">
          <span className="font-medium">Store:</span> {request.storeKeeperNotes || 'No notes'}
          {request.storeTimestamp ? ` · ${formatDateTime(request.storeTimestamp)}` : ''}
        </p>
      ) : null}

      {abilities.review ? <LeadReviewActions request={request} /> : null}
      {abilities.storeUpdate ? <StoreUpdateForm request={request} /> : null}
      {editing ? (
        <div className="space-y-2 rounded-md bg-slate-50 p-3">
          {abilities.resubmit ? (
            <p className="text-sm text-slate-700">{MATERIAL_REQUEST_MESSAGES.resubmitHint}</p>
          ) : null}
          <MaterialRequestForm
            projects={[{ id: request.projectId, title: request.projectTitle }]}
            initial={request}
            projectFixed
            submitLabel={abilities.resubmit ? 'Resubmit Request' : 'Save Changes'}
            busy={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={({ items, notes }) =>
              update.mutate(
                // A resubmission says so: if the request is no longer returned, the server refuses it.
                {
                  id: request.id,
                  items,
                  notes,
                  ...(abilities.resubmit ? { status: MATERIAL_RESUBMIT_STATUS } : {}),
                },
                {
                  onSuccess: () => {
                    toast.success(abilities.resubmit ? 'Request resubmitted' : 'Request updated');
                    setEditing(false);
                  },
                  onError: (error) =>
                    toast.error(MATERIAL_REQUEST_MESSAGES.updateFailed, {
                      description: errorMessage(error, 'Please try again.'),
                    }),
                },
              )
            }
          />
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {abilities.edit && !editing ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {abilities.resubmit ? 'Edit & Resubmit' : 'Edit'}
          </Button>
        ) : null}
        {abilities.delete ? (
          <Button variant="outline" size="sm" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        ) : null}
        <ToggleButton
          open={showHistory}
          onToggle={() => setShowHistory((open) => !open)}
          label="History"
          openLabel="Hide History"
        />
      </div>
      {showHistory ? (
        detail.isPending ? (
          <LoadingState label="Loading history..." className="py-4" />
        ) : detail.isError ? (
          <QueryErrorState title="Failed to load the history" query={detail} />
        ) : (
          <MaterialRequestHistory history={detail.data.history} />
        )
      ) : null}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this request?"
        description="The request and its items are removed."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() =>
          // The card leaves the list when the list reloads, so the toast follows the promise.
          remove.mutateAsync(request.id).then(
            () => toast.success('Request deleted'),
            (error: unknown) =>
              toast.error('Delete Failed', { description: errorMessage(error, 'Please try again.') }),
          )
        }
      />
    </Card>
  );
}
