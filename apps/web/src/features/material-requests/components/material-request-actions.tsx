import {
  MATERIAL_STORE_STATUS_LABELS,
  MATERIAL_STORE_STATUSES,
  REVIEW_ACTION,
  STORE_ACTION,
  type MaterialReviewStatus,
  type MaterialStoreStatus,
} from '@trowel/shared/material-requests/material-request.machine.ts';
import { materialStepToast } from '@trowel/shared/material-requests/material-request.notices.ts';
import {
  MATERIAL_NOTES_MAX,
  MATERIAL_REQUEST_MESSAGES,
  updateMaterialRequestInput,
  type MaterialRequestDto,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { SelectOptions } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema } from '../../../lib/form-schema.ts';
import { useUpdateMaterialRequest } from '../api/change-material-request.ts';

const failed = (error: unknown) =>
  toast.error(MATERIAL_REQUEST_MESSAGES.updateFailed, {
    description: errorMessage(error, 'Please try again.'),
  });

/** The lead's review: notes, then approve, reject or return to the engineer. */
export function LeadReviewActions({ request }: { request: MaterialRequestDto }) {
  const id = useId();
  const update = useUpdateMaterialRequest();
  const [notes, setNotes] = useState('');
  const [chosen, setChosen] = useState<MaterialReviewStatus | null>(null);
  const review = (status: MaterialReviewStatus) => {
    setChosen(status);
    update.mutate(
      { id: request.id, status, leadReviewNotes: notes.trim() },
      { onSuccess: () => toast.success(materialStepToast(REVIEW_ACTION[status])), onError: failed },
    );
  };
  const busy = (status: MaterialReviewStatus) => update.isPending && chosen === status;
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-3">
      <Field id={`${id}-notes`} label="Lead review notes">
        <Textarea
          id={`${id}-notes`}
          value={notes}
          maxLength={MATERIAL_NOTES_MAX}
          onChange={(event) => setNotes(event.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <BusyButton
          busy={busy('approved_by_lead')}
          busyLabel="Approving..."
          onClick={() => review('approved_by_lead')}
        >
          Approve
        </BusyButton>
        <Button
          variant="outline"
          disabled={update.isPending}
          onClick={() => review('needs_review_by_engineer')}
        >
          Return for Review
        </Button>
        <Button variant="destructive" disabled={update.isPending} onClick={() => review('rejected_by_lead')}>
          Reject
        </Button>
      </div>
    </div>
  );
}

/** The store keeper's answer as chosen: no store status until one is picked. */
interface StoreUpdateValues {
  storeStatus: MaterialStoreStatus | '';
  storeKeeperNotes: string;
}

/** The store keeper's answer checked as PUT /material-requests/{id} checks it. */
const storeUpdateSchema = bodySchema(
  (values: StoreUpdateValues) => ({ ...values, storeStatus: values.storeStatus || undefined }),
  updateMaterialRequestInput,
);

/** The store keeper's answer to an approved request: delivered, partially delivered or unavailable. */
export function StoreUpdateForm({ request }: { request: MaterialRequestDto }) {
  const id = useId();
  const update = useUpdateMaterialRequest();
  const defaultValues: StoreUpdateValues = {
    storeStatus: request.storeStatus ?? '',
    storeKeeperNotes: request.storeKeeperNotes ?? '',
  };
  const form = useForm({ resolver: zodResolver(storeUpdateSchema), defaultValues });
  const submit = form.handleSubmit(
    ({ storeStatus, storeKeeperNotes }) => {
      if (!storeStatus) return;
      update.mutate(
        { id: request.id, storeStatus, storeKeeperNotes },
        { onSuccess: () => toast.success(materialStepToast(STORE_ACTION[storeStatus])), onError: failed },
      );
    },
    () => toast.error('Missing Fields', { description: 'Please choose a store status.' }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-2 rounded-md bg-slate-50 p-3">
      <Field id={`${id}-store-status`} label="Store status">
        <NativeSelect id={`${id}-store-status`} {...form.register('storeStatus')}>
          <option value="">Choose a store status</option>
          <SelectOptions
            values={MATERIAL_STORE_STATUSES}
            label={(value) => MATERIAL_STORE_STATUS_LABELS[value]}
          />
        </NativeSelect>
      </Field>
      <Field id={`${id}-store-notes`} label="Store keeper notes">
        <Textarea
          id={`${id}-store-notes`}
          {...form.register('storeKeeperNotes')}
          maxLength={MATERIAL_NOTES_MAX}
        />
      </Field>
      <div className="flex justify-end">
        <BusyButton type="submit" busy={update.isPending} busyLabel="Updating...">
          Update Store Status
        </BusyButton>
      </div>
    </form>
  );
}
