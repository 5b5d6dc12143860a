import { zodResolver } from '@hookform/resolvers/zod';
import { BUDGET_MESSAGES, type BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { COST_CATEGORIES } from '@trowel/shared/costs/cost-categories.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectOptions } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadFileRules } from '../../../lib/file-checks.ts';
import { DocumentsNotSaved, useCreateBudget, useUpdateBudget } from '../api/save-budget.ts';
import { BudgetDocuments } from './budget-documents.tsx';
import {
  budgetFormSchema,
  budgetValues,
  emptyLine,
  shownLineTotal,
  shownTotal,
  type BudgetFormValues,
} from './budget-form-values.ts';

type BudgetFormOutput = z.output<ReturnType<typeof budgetFormSchema>>;

interface BudgetFormProps {
  /** The budget being edited, or null for a new one. */
  budget: BudgetDto | null;
  /** The project chosen for the user (a project's budget page), or null to pick one. */
  projectId: string | null;
  projects: ReadonlyArray<{ id: string; title: string }>;
  /** Whether documents may be added (spec 2 §5: always on create). */
  mayAddDocuments: boolean;
  onDone: () => void;
}

const documentRules = uploadFileRules({ shrinkPhotos: false });

/** Create or edit a budget: project, lines with their computed totals, remarks and supporting documents. */
export function BudgetForm({ budget, projectId, projects, mayAddDocuments, onDone }: BudgetFormProps) {
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const form = useForm<BudgetFormValues, unknown, BudgetFormOutput>({
    resolver: zodResolver(budgetFormSchema(budget !== null)),
    defaultValues: budgetValues(budget, projectId),
  });
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const typed = useWatch({ control: form.control, name: 'items' });
  const [files, setFiles] = useState<File[]>([]);
  const busy = create.isPending || update.isPending;

  const failed = (error: unknown) => {
    if (error instanceof DocumentsNotSaved) {
      toast.warning(BUDGET_MESSAGES.attachmentWarning, {
        description: `The budget was saved, but its documents were not: ${errorMessage(error.reason, 'please try again.')}`,
      });
      onDone();
      return;
    }
    toast.error(budget ? BUDGET_MESSAGES.updateFailed : BUDGET_MESSAGES.submissionFailed, {
      description: errorMessage(
        error,
        budget ? BUDGET_MESSAGES.updateFailedMessage : BUDGET_MESSAGES.addFailed,
      ),
    });
  };

  const save = (asDraft: boolean) => (values: BudgetFormOutput) => {
    const { items, remarks = '' } = values;
    const done = (saved: BudgetDto) => {
      toast.success(budget ? 'Budget updated' : asDraft ? 'Budget saved as a draft' : 'Budget submitted', {
        description: `Total ${formatNaira(saved.totalAmount)}`,
      });
      onDone();
    };
    if (budget) {
      update.mutate(
        { id: budget.id, draft: { items, remarks, files } },
        { onSuccess: done, onError: failed },
      );
    } else {
      create.mutate(
        {
          projectId: values.projectId,
          items,
          remarks,
          files,
          ...(asDraft ? { status: 'draft' as const } : {}),
        },
        { onSuccess: done, onError: failed },
      );
    }
  };
  const refused = (errors: FieldErrors<BudgetFormValues>) => {
    const message = errors.projectId ? BUDGET_MESSAGES.projectRequired : BUDGET_MESSAGES.incompleteLines;
    toast.error(message.title, { description: message.description });
  };
  const submit = form.handleSubmit(save(false), refused);
  const saveDraft = form.handleSubmit(save(true), refused);

  return (
    <form
      noValidate
      className="space-y-5"
      aria-label={budget ? 'Edit budget' : 'New budget'}
      onSubmit={submit}
    >
      <Field id="budget-project" label="Project">
        <NativeSelect
          id="budget-project"
          {...form.register('projectId')}
          disabled={Boolean(budget || projectId)}
        >
          <option value="">Select a project</option>
          <NamedOptions items={projects.map((choice) => ({ id: choice.id, name: choice.title }))} />
        </NativeSelect>
      </Field>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Line items</legend>
        {lines.fields.map((line, index) => (
          <div
            key={line.id}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-12"
            aria-label={`Line ${index + 1}`}
            role="group"
          >
            <Field id={`${line.id}-description`} label="Description" className="sm:col-span-4">
              <Input id={`${line.id}-description`} {...form.register(`items.${index}.description`)} />
            </Field>
            <Field id={`${line.id}-category`} label="Category" className="sm:col-span-3">
              <NativeSelect id={`${line.id}-category`} {...form.register(`items.${index}.category`)}>
                <SelectOptions values={COST_CATEGORIES} />
              </NativeSelect>
            </Field>
            <Field id={`${line.id}-quantity`} label="Quantity" className="sm:col-span-2">
              <Input
                id={`${line.id}-quantity`}
                inputMode="decimal"
                {...form.register(`items.${index}.quantity`)}
              />
            </Field>
            <Field id={`${line.id}-unit-price`} label="Unit price (₦)" className="sm:col-span-3">
              <Input
                id={`${line.id}-unit-price`}
                inputMode="decimal"
                {...form.register(`items.${index}.unitPrice`)}
              />
            </Field>
            <Field id={`${line.id}-notes`} label="Notes" className="sm:col-span-8">
              <Input id={`${line.id}-notes`} {...form.register(`items.${index}.notes`)} />
            </Field>
            <div className="flex items-end justify-between gap-2 sm:col-span-4">
              <p className="text-sm">
                <span className="block text-xs text-slate-500">Total</span>
                <output aria-label={`Line ${index + 1} total`} className="font-medium text-slate-900">
                  {formatNaira(typed[index] ? shownLineTotal(typed[index]) : 0)}
                </output>
              </p>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove line ${index + 1}`}
                disabled={lines.fields.length <= 1}
                onClick={() => lines.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </div>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => lines.append(emptyLine(), { shouldFocus: false })}
          >
            <Plus aria-hidden="true" /> Add line
          </Button>
          <p className="text-sm text-slate-700">
            Budget total:{' '}
            <output aria-label="Budget total" className="font-semibold text-slate-900">
              {formatNaira(shownTotal(typed))}
            </output>
          </p>
        </div>
      </fieldset>

      <Field id="budget-remarks" label="Remarks">
        <Textarea id="budget-remarks" {...form.register('remarks')} maxLength={5000} />
      </Field>

      {mayAddDocuments ? (
        <div className="space-y-2">
          <FilePicker
            id="budget-documents"
            label="Attach supporting documents"
            hint="PDF, spreadsheets or photos; up to 5 files of 10 MB."
            // Chosen files show in the documents grid below, marked new; the picker only adds to them.
            files={[]}
            onFilesChange={(chosen) => setFiles((current) => [...current, ...chosen])}
            rules={{ ...documentRules, maxFiles: Math.max(1, documentRules.maxFiles - files.length) }}
            disabled={files.length >= documentRules.maxFiles}
            variant="button"
          />
        </div>
      ) : null}
      <BudgetDocuments
        saved={budget?.attachments ?? []}
        pending={files}
        onRemovePending={(index) =>
          setFiles((current) => current.filter((_, position) => position !== index))
        }
      />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        {!budget ? (
          <Button variant="secondary" disabled={busy} onClick={(event) => void saveDraft(event)}>
            Save as Draft
          </Button>
        ) : null}
        <BusyButton type="submit" busy={busy} busyLabel="Saving...">
          {budget ? 'Save Changes' : 'Submit Budget'}
        </BusyButton>
      </div>
    </form>
  );
}
