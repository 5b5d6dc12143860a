import { zodResolver } from '@hookform/resolvers/zod';
import {
  createInventoryRequestInput,
  INVENTORY_MESSAGES,
  type CreateInventoryRequestInput,
  type InventoryItemDto,
} from '@trowel/shared/inventory/inventory.schemas.ts';
import { formatQuantity } from '@trowel/shared/money/format.ts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, InputField } from '../../../components/ui/field.tsx';
import { NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions } from '../../../components/ui/select-field.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { bodySchema, errorMessages, typedNumber } from '../../../lib/form-schema.ts';
import { useCreateInventoryRequest } from '../api/change-inventory.ts';
import { useRequestableProjects } from '../api/get-requestable-projects.ts';
import { failureTitle } from './failure-title.ts';

/** The request as typed: the quantity stays text until sent. */
interface InventoryRequestValues {
  quantityRequested: string;
  projectId: string;
  notes: string;
}

/** The request checked as POST /inventory/requests checks it. */
const inventoryRequestSchema = (item: InventoryItemDto) =>
  bodySchema(
    (values: InventoryRequestValues) => ({
      ...values,
      inventoryItemId: item.id,
      quantityRequested: typedNumber(values.quantityRequested),
      itemName: item.name,
    }),
    createInventoryRequestInput,
  );

/**
 * A request for an item: quantity, project (from those the person may request for) and notes. The
 * button stays disabled while a submission is on its way, and the server takes a repeat as the same.
 */
export function InventoryRequestForm({ item, onDone }: { item: InventoryItemDto; onDone: () => void }) {
  const id = useId();
  const projects = useRequestableProjects(true);
  const create = useCreateInventoryRequest();
  const form = useForm<InventoryRequestValues, unknown, CreateInventoryRequestInput>({
    resolver: zodResolver(inventoryRequestSchema(item)),
    defaultValues: { quantityRequested: '', projectId: '', notes: '' },
  });

  if (projects.isPending) return <LoadingState label="Loading your projects..." className="py-4" />;
  if (projects.isError) return <QueryErrorState title="Failed to load your projects" query={projects} />;

  const submit = form.handleSubmit(
    (input) => {
      if (create.isPending) return;
      create.mutate(input, {
        onSuccess: () => {
          toast.success('Request submitted', {
            description: `${formatQuantity(input.quantityRequested)} ${item.unit} of ${item.name}`,
          });
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
      });
    },
    (errors) => {
      if (errorMessages(errors).includes(INVENTORY_MESSAGES.requestRequired)) {
        toast.error('Missing Fields', { description: INVENTORY_MESSAGES.requestRequired });
      } else {
        toast.error('Invalid Quantity', { description: INVENTORY_MESSAGES.invalidQuantity });
      }
    },
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field id={`${id}-item`} label="Item">
        <p id={`${id}-item`} className="py-2 text-sm font-medium text-slate-900">
          {item.name} ({formatQuantity(item.quantity)} {item.unit} in stock)
        </p>
      </Field>
      <InputField
        id={`${id}-quantity`}
        label={`Quantity (${item.unit})`}
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        {...form.register('quantityRequested')}
      />
      <Field id={`${id}-project`} label="Project" className="sm:col-span-2">
        <NativeSelect id={`${id}-project`} {...form.register('projectId')}>
          <option value="">Select a project</option>
          <NamedOptions items={projects.data.map((project) => ({ id: project.id, name: project.title }))} />
        </NativeSelect>
      </Field>
      <Field id={`${id}-notes`} label="Notes" className="sm:col-span-2">
        <Textarea id={`${id}-notes`} {...form.register('notes')} maxLength={2000} />
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
