import { INVENTORY_MESSAGES, type InventoryItemDto } from '@trowel/shared/inventory/inventory.schemas.ts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, InputField } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCreateInventoryRequest } from '../api/change-inventory.ts';
import { useRequestableProjects } from '../api/get-requestable-projects.ts';
import { failureTitle } from './failure-title.ts';

/**
 * A request for an item: quantity, project (from those the person may request for) and notes. The
 * button stays disabled while a submission is on its way, and the server takes a repeat as the same.
 */
export function InventoryRequestForm({ item, onDone }: { item: InventoryItemDto; onDone: () => void }) {
  const id = useId();
  const projects = useRequestableProjects(true);
  const create = useCreateInventoryRequest();
  const [quantity, setQuantity] = useState('');
  const [projectId, setProjectId] = useState('');
  const [notes, setNotes] = useState('');

  if (projects.isPending) return <LoadingState label="Loading your projects..." className="py-4" />;
  if (projects.isError) return <QueryErrorState title="Failed to load your projects" query={projects} />;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!quantity.trim() || !projectId) {
      toast.error('Missing Fields', { description: INVENTORY_MESSAGES.requestRequired });
      return;
    }
    const amount = Number(quantity);
    if (!Number.isInteger(amount) || amount <= 0) {
      toast.error('Invalid Quantity', { description: INVENTORY_MESSAGES.invalidQuantity });
      return;
    }
    create.mutate(
      {
        inventoryItemId: item.id,
        projectId,
        quantityRequested: amount,
        notes: notes.trim(),
        itemName: item.name,
      },
      {
        onSuccess: () => {
          toast.success('Request submitted', { description: `${amount} ${item.unit} of ${item.name}` });
          onDone();
        },
        onError: (error) => {
          // The item was deleted meanwhile (the project comes from the person's own choices).
          if (isApiError(error) && error.code === 'NOT_FOUND')
            toast.error('Invalid Item', {
              description: errorMessage(error, INVENTORY_MESSAGES.itemNotFound),
            });
          else
            toast.error(failureTitle(error, 'Submission'), {
              description: errorMessage(error, INVENTORY_MESSAGES.addRequestFailed),
            });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field id={`${id}-item`} label="Item">
        <p id={`${id}-item`} className="py-2 text-sm font-medium text-slate-900">
          {item.name} ({item.quantity} {item.unit} in stock)
        </p>
      </Field>
      <InputField
        id={`${id}-quantity`}
        label={`Quantity (${item.unit})`}
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
      />
      <SelectField
        id={`${id}-project`}
        label="Project"
        value={projectId}
        onChange={setProjectId}
        className="sm:col-span-2"
      >
        <option value="">Select a project</option>
        <NamedOptions items={projects.data.map((project) => ({ id: project.id, name: project.title }))} />
      </SelectField>
      <Field id={`${id}-notes`} label="Notes" className="sm:col-span-2">
        <Textarea
          id={`${id}-notes`}
          value={notes}
          maxLength={2000}
          onChange={(e) => setNotes(e.target.value)}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={create.isPending} busyLabel="Submitting...">
          Submit Request
        </BusyButton>
      </div>
    </form>
  );
}
