import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHANGE_ORDER_MESSAGES,
  type ChangeOrderDto,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadFileRules } from '../../../lib/file-checks.ts';
import { errorMessages } from '../../../lib/form-schema.ts';
import { useCreateChangeOrder, useUpdateChangeOrder } from '../api/save-change-order.ts';
import {
  blankLine,
  changeOrderFormSchema,
  changeOrderValues,
  emptyChangeOrder,
  typedTotal,
  type ChangeOrderFormOutput,
  type ChangeOrderFormValues,
} from './change-order-form-values.ts';

const fileRules = uploadFileRules({ shrinkPhotos: false });

interface ChangeOrderFormProps {
  projectId: string;
  /** The draft being edited; none for a new change order. */
  changeOrder?: ChangeOrderDto;
  onDone: () => void;
}

/** The staff's draft of a change order: what, why, the priced lines, the days, an installment, files. */
export function ChangeOrderForm({ projectId, changeOrder, onDone }: ChangeOrderFormProps) {
  const formId = useId();
  const create = useCreateChangeOrder(projectId);
  const update = useUpdateChangeOrder(projectId, changeOrder?.id ?? '');
  const save = changeOrder ? update : create;
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<ChangeOrderFormValues, unknown, ChangeOrderFormOutput>({
    resolver: zodResolver(changeOrderFormSchema),
    defaultValues: changeOrder ? changeOrderValues(changeOrder) : emptyChangeOrder(),
  });
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const watched = useWatch({ control: form.control }) as ChangeOrderFormValues;
  const { errors } = form.formState;
  const problems = errorMessages(errors);

  const submit = form.handleSubmit(
    (input) =>
      save.mutate(
        { ...input, files },
        {
          onSuccess: (order) => {
            toast.success(changeOrder ? `${order.number} saved` : `${order.number} saved as a draft`);
            onDone();
          },
          onError: (error) =>
            toast.error(CHANGE_ORDER_MESSAGES.saveFailed, {
              description: errorMessage(error, 'Please try again.'),
            }),
        },
      ),
    (invalid) => toast.error(CHANGE_ORDER_MESSAGES.saveFailed, { description: errorMessages(invalid)[0] }),
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={changeOrder ? `Edit ${changeOrder.number}` : CHANGE_ORDER_MESSAGES.newChangeOrder}
      className="space-y-4"
    >
      <Field id={`${formId}-description`} label="Description">
        <Textarea
          id={`${formId}-description`}
          {...form.register('description')}
          maxLength={2000}
          placeholder="What changes, e.g. an extra boys' quarters"
          aria-invalid={errors.description ? true : undefined}
        />
      </Field>
      <Field id={`${formId}-reason`} label="Reason">
        <Textarea
          id={`${formId}-reason`}
          {...form.register('reason')}
          maxLength={2000}
          placeholder="Why, e.g. asked by the client on the site visit"
          aria-invalid={errors.reason ? true : undefined}
        />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Lines</legend>
        {lines.fields.map((line, index) => (
          <div
            key={line.id}
            role="group"
            aria-label={`Line ${index + 1}`}
            className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_6rem_5rem_8rem_auto] sm:items-end"
          >
            <Field id={`${formId}-line-${line.id}`} label="Description" className="col-span-2 sm:col-span-1">
              <Input id={`${formId}-line-${line.id}`} {...form.register(`items.${index}.description`)} />
            </Field>
            <Field id={`${formId}-qty-${line.id}`} label="Quantity">
              <Input
                id={`${formId}-qty-${line.id}`}
                inputMode="decimal"
                {...form.register(`items.${index}.quantity`)}
              />
            </Field>
            <Field id={`${formId}-unit-${line.id}`} label="Unit">
              <Input
                id={`${formId}-unit-${line.id}`}
                maxLength={40}
                {...form.register(`items.${index}.unit`)}
              />
            </Field>
            <Field id={`${formId}-price-${line.id}`} label="Unit price (₦)">
              <Input
                id={`${formId}-price-${line.id}`}
                inputMode="decimal"
                {...form.register(`items.${index}.unitPrice`)}
              />
            </Field>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="self-end"
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(index)}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Remove line {index + 1}</span>
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => lines.append(blankLine(), { shouldFocus: false })}
          >
            <Plus aria-hidden="true" /> Add line
          </Button>
          <p className="text-sm font-medium text-slate-900">
            Total:{' '}
            <span data-testid="change-order-total">{formatNaira(typedTotal(watched.items ?? []))}</span>
          </p>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${formId}-days`} label="Effect on end date (days; negative is earlier)">
          <Input id={`${formId}-days`} inputMode="numeric" {...form.register('scheduleImpactDays')} />
        </Field>
        <Field id={`${formId}-notes`} label="Internal notes (never shown to the client)">
          <Textarea id={`${formId}-notes`} maxLength={5000} {...form.register('internalNotes')} />
        </Field>
      </div>
      <fieldset className="space-y-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" {...form.register('withInstallment')} />
          Add an installment to the client’s schedule when approved
        </label>
        {watched.withInstallment ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${formId}-installment-amount`} label="Installment amount (₦)">
              <Input
                id={`${formId}-installment-amount`}
                inputMode="decimal"
                {...form.register('installmentAmount')}
              />
            </Field>
            <Field id={`${formId}-installment-due`} label="Installment due date">
              <Input id={`${formId}-installment-due`} type="date" {...form.register('installmentDueDate')} />
            </Field>
          </div>
        ) : null}
      </fieldset>
      <FilePicker
        id={`${formId}-files`}
        label="Attach drawings or quotes"
        hint="PDF, spreadsheets or photos; up to 5 files of 10 MB."
        files={files}
        onFilesChange={setFiles}
        rules={fileRules}
        variant="button"
      />
      {problems.length > 0 ? (
        <p role="alert" className="text-sm text-red-700">
          {problems[0]}
        </p>
      ) : null}
      <FormActions cancel={{ onClick: onDone }} busy={save.isPending} busyLabel="Saving...">
        {changeOrder ? CHANGE_ORDER_MESSAGES.saveChanges : CHANGE_ORDER_MESSAGES.saveDraft}
      </FormActions>
    </form>
  );
}
