import { zodResolver } from '@hookform/resolvers/zod';
import {
  FINANCIALS_MESSAGES,
  INSTALLMENT_STATUSES,
  type FinancialsDto,
  type FinancialsInput,
} from '@trowel/shared/financials/financials.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { FIGURE_NAMES } from '@trowel/shared/reports/money-figures.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useController, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/form-schema.ts';
import { useSaveFinancials } from '../api/financials.ts';
import { formatTypedAmount } from './amount-text.ts';
import {
  financialsFormSchema,
  financialsValues,
  newInstallment,
  typedFigures,
  type FinancialsFormValues,
} from './financials-form-values.ts';

/** An amount box showing ₦ and thousands separators as the amount is typed. */
function NairaInput({
  id,
  name,
  control,
  label,
}: {
  id: string;
  name: 'totalProjectValue' | 'initialPayment' | `installments.${number}.amount`;
  control: Control<FinancialsFormValues, unknown, FinancialsInput>;
  label: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Field id={id} label={label}>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500"
        >
          ₦
        </span>
        <Input
          id={id}
          inputMode="decimal"
          className="pl-7"
          ref={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(formatTypedAmount(event.target.value))}
        />
      </div>
    </Field>
  );
}

/** Value, initial payment, the live outstanding balance and the installments (at least one). */
export function FinancialsForm({
  projectId,
  financials,
}: {
  projectId: string;
  financials: FinancialsDto | null;
}) {
  const save = useSaveFinancials(projectId);
  const form = useForm<FinancialsFormValues, unknown, FinancialsInput>({
    resolver: zodResolver(financialsFormSchema),
    defaultValues: financialsValues(financials),
  });
  const installments = useFieldArray({ control: form.control, name: 'installments' });
  const figures = typedFigures(useWatch({ control: form.control }) as FinancialsFormValues);

  const submit = form.handleSubmit(
    (input) =>
      save.mutate(input, {
        onSuccess: () => toast.success('Project financials saved'),
        onError: (error) =>
          toast.error(FINANCIALS_MESSAGES.saveFailed, {
            description: errorMessage(error, 'Please try again.'),
          }),
      }),
    // The same title and texts as the server's refusal of the same figures.
    (errors) => toast.error(FINANCIALS_MESSAGES.saveFailed, { description: errorMessages(errors)[0] }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Project financials">
      <div className="grid gap-4 sm:grid-cols-2">
        <NairaInput
          id="total-project-value"
          label="Total Project Value"
          name="totalProjectValue"
          control={form.control}
        />
        <NairaInput
          id="initial-payment"
          label="Initial Payment"
          name="initialPayment"
          control={form.control}
        />
        {figures.approvedVariations > 0 ? (
          <>
            <Field id="approved-variations" label={FIGURE_NAMES.approvedVariations}>
              <Input id="approved-variations" readOnly value={formatNaira(figures.approvedVariations)} />
            </Field>
            <Field id="current-value" label={FIGURE_NAMES.projectValue}>
              <Input id="current-value" readOnly value={formatNaira(figures.totalProjectValue)} />
            </Field>
          </>
        ) : null}
        <Field id="amount-paid" label={FIGURE_NAMES.amountPaid}>
          <Input id="amount-paid" readOnly value={formatNaira(figures.amountPaid)} />
        </Field>
        <Field id="outstanding-balance" label={FIGURE_NAMES.outstandingBalance}>
          <Input id="outstanding-balance" readOnly value={formatNaira(figures.outstandingBalance)} />
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Installments</legend>
        {installments.fields.map((row, index) => (
          <div
            key={row.id}
            role="group"
            aria-label={`Installment ${index + 1}`}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
          >
            <NairaInput
              id={`${row.id}-amount`}
              label="Amount"
              name={`installments.${index}.amount`}
              control={form.control}
            />
            <Field id={`${row.id}-due`} label="Due date">
              <Input id={`${row.id}-due`} type="date" {...form.register(`installments.${index}.dueDate`)} />
            </Field>
            <Field id={`${row.id}-status`} label="Status">
              <NativeSelect id={`${row.id}-status`} {...form.register(`installments.${index}.status`)}>
                {INSTALLMENT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status.charAt(0).toUpperCase() + status.slice(1)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove installment ${index + 1}`}
              disabled={installments.fields.length <= 1}
              onClick={() => installments.remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          onClick={() => installments.append(newInstallment(), { shouldFocus: false })}
        >
          <Plus aria-hidden="true" /> Add installment
        </Button>
      </fieldset>
      <div className="flex justify-end">
        <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">
          Save Financials
        </BusyButton>
      </div>
    </form>
  );
}
