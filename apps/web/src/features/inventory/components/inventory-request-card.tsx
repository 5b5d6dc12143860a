import {
  INVENTORY_ACTION_LABELS,
  INVENTORY_STATUS_LABELS,
  inventoryTargetOf,
  type InventoryRequestAction,
  type InventoryRequestStatus,
} from '@trowel/shared/inventory/inventory-request.machine.ts';
import {
  currentQuantity,
  inventoryAmount,
  inventoryStepToast,
} from '@trowel/shared/inventory/inventory-request.notices.ts';
import { inventoryRequestActions } from '@trowel/shared/inventory/inventory-request.policy.ts';
import {
  INVENTORY_MESSAGES,
  REQUEST_ID_SHOWN,
  type InventoryRequestDto,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import { formatQuantity } from '@trowel/shared/money/format.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, InputField } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useUpdateInventoryRequest } from '../api/change-inventory.ts';
import { failureTitle } from './failure-title.ts';
import { InventoryRequestHistory } from './inventory-request-history.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';

const TONE: Record<InventoryRequestStatus, 'amber' | 'blue' | 'green' | 'red'> = {
  pending_store_keeper_approval: 'amber',
  approved_by_store_pending_release: 'blue',
  partially_approved_by_store: 'blue',
  rejected_by_store: 'red',
  pending_admin_approval: 'amber',
  approved_by_admin_pending_store_release: 'blue',
  revision_requested_by_admin: 'amber',
  rejected_by_admin: 'red',
  approved: 'green',
};

const DESTRUCTIVE: InventoryRequestAction[] = ['store_reject', 'admin_reject'];

/** One request of the log: id (8 characters), item, quantities, status, notes, and this person's actions. */
export function InventoryRequestCard(props: {
  request: InventoryRequestDto;
  user: Pick<UserDto, 'id' | 'role'>;
  cardRef?: ((element: Element | null) => void) | undefined;
}) {
  const { request, user, cardRef } = props;
  const id = useId();
  const actions = inventoryRequestActions(user, request);
  const update = useUpdateInventoryRequest();
  const [notes, setNotes] = useState('');
  const [partial, setPartial] = useState('');
  const [taking, setTaking] = useState<InventoryRequestAction | null>(null);
  const [confirmingRelease, setConfirmingRelease] = useState(false);
  const [showHistory, setShowHistory] = useState(false);

  const take = (action: InventoryRequestAction) => {
    let quantityApproved: number | undefined;
    if (action === 'store_partially_approve') {
      quantityApproved = Number(partial);
      if (
        !Number.isInteger(quantityApproved) ||
        quantityApproved <= 0 ||
        quantityApproved >= request.quantityRequested
      ) {
        toast.error('Invalid Quantity', {
          description: `Enter a whole number above 0 and below ${request.quantityRequested}.`,
        });
        return;
      }
    }
    setTaking(action);
    update.mutate(
      {
        id: request.id,
        status: inventoryTargetOf(action),
        ...(quantityApproved === undefined ? {} : { quantityApproved }),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      },
      {
        onSuccess: ({ request: saved }) => {
          toast.success(inventoryStepToast(action, saved));
          setNotes('');
          setPartial('');
          setConfirmingRelease(false);
        },
        onError: (error) =>
          toast.error(failureTitle(error, 'Update'), {
            description: errorMessage(error, INVENTORY_MESSAGES.updateRequestFailed),
          }),
      },
    );
  };

  const noteLines: Array<[string, string | null]> = [
    ['Notes', request.notes || null],
    ['Store keeper', request.storeKeeperNotes],
    ['Project lead', request.projectLeadNotes],
    ['Admin', request.adminNotes],
  ];
  return (
    <Card
      ref={cardRef}
      aria-label={`Request ${request.id.slice(0, REQUEST_ID_SHOWN)}`}
      className="space-y-2 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold wrap-anywhere text-slate-900">
            {request.itemName}
            <span className="ml-2 font-mono text-xs font-normal text-slate-500">
              #{request.id.slice(0, REQUEST_ID_SHOWN)}
            </span>
          </h3>
          <p className="text-xs text-slate-600">
            {request.projectTitle} · {request.requestedBy} · {formatDate(request.timestamp)}
          </p>
        </div>
        <Badge tone={TONE[request.status]}>{INVENTORY_STATUS_LABELS[request.status]}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        Requested <span className="font-medium">{formatQuantity(request.quantityRequested)}</span>{' '}
        {request.unit}
        {request.quantityApproved !== null ? (
          <>
            {' '}
            · approved <span className="font-medium">{formatQuantity(request.quantityApproved)}</span>
          </>
        ) : null}
      </p>
      {noteLines.map(([label, text]) =>
        text ? (
          <p key={label} className="text-sm wrap-anywhere text-slate-700">
            <span className="font-medium">{label}:</span> {text}
          </p>
        ) : null,
      )}
      {actions.length > 0 ? (
        <div className="space-y-2 rounded-md bg-slate-50 p-3">
          <Field id={`${id}-notes`} label="Notes">
            <Textarea
              id={`${id}-notes`}
              value={notes}
              maxLength={2000}
              onChange={(e) => setNotes(e.target.value)}
            />
          </Field>
          {actions.includes('store_partially_approve') ? (
            <InputField
              id={`${id}-partial`}
              label="Quantity to approve (partial)"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              value={partial}
              onChange={(e) => setPartial(e.target.value)}
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={
                  DESTRUCTIVE.includes(action) ? 'destructive' : action === actions[0] ? 'primary' : 'outline'
                }
                disabled={update.isPending}
                // Releasing issues stock: it is confirmed first, naming what leaves the store.
                onClick={() => (action === 'release' ? setConfirmingRelease(true) : take(action))}
              >
                {update.isPending && taking === action ? 'Saving...' : INVENTORY_ACTION_LABELS[action]}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmingRelease}
        onOpenChange={setConfirmingRelease}
        tone="primary"
        title={`Release ${inventoryAmount(request)}?`}
        description={`${inventoryAmount(request)} leave the store for ${request.projectTitle}, requested by ${request.requestedBy}. The stock on hand goes down by ${currentQuantity(request)} ${request.unit}.`}
        confirmLabel="Release"
        busyLabel="Releasing..."
        busy={update.isPending}
        onConfirm={() => take('release')}
      />
      <ToggleButton
        open={showHistory}
        onToggle={() => setShowHistory((open) => !open)}
        label="History"
        openLabel="Hide History"
      />
      {showHistory ? <InventoryRequestHistory id={request.id} /> : null}
    </Card>
  );
}
