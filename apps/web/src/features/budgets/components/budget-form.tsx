import { BUDGET_MESSAGES } from '@trowel/shared/budgets/budget.schemas.ts';
import type { BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadFileRules } from '../../../lib/file-checks.ts';
import { DocumentsNotSaved, useCreateBudget, useUpdateBudget } from '../api/save-budget.ts';
import { BudgetDocuments } from './budget-documents.tsx';
import {
  completeLines,
  emptyLine,
  linesOf,
  shownLineTotal,
  shownTotal,
  type LineValues,
} from './budget-form-values.ts';

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
  const [project, setProject] = useState(budget?.projectId ?? projectId ?? '');
  const [lines, setLines] = useState<LineValues[]>(() => linesOf(budget));
  const [remarks, setRemarks] = useState(budget?.remarks ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const busy = create.isPending || update.isPending;

  const change = (key: string, field: keyof Omit<LineValues, 'key'>, value: string) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, [field]: value } : line)));

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

  const submit = (asDraft: boolean) => {
    if (!project) {
      toast.error(BUDGET_MESSAGES.projectRequired.title, {
        description: BUDGET_MESSAGES.projectRequired.description,
      });
      return;
    }
    const items = completeLines(lines);
    if (!items) {
      toast.error(BUDGET_MESSAGES.incompleteLines.title, {
        description: BUDGET_MESSAGES.incompleteLines.description,
      });
      return;
    }
    const done = (saved: BudgetDto) => {
      toast.success(budget ? 'Budget updated' : asDraft ? 'Budget saved as a draft' : 'Budget submitted', {
        description: `Total ${formatNaira(saved.totalAmount)}`,
      });
      onDone();
    };
    if (budget) {
      update.mutate(
        { id: budget.id, draft: { items, remarks: remarks.trim(), files } },
        { onSuccess: done, onError: failed },
      );
    } else {
      create.mutate(
        {
          projectId: project,
          items,
          remarks: remarks.trim(),
          files,
          ...(asDraft ? { status: 'draft' as const } : {}),
        },
        { onSuccess: done, onError: failed },
      );
    }
  };

  return (
    <form
      noValidate
      className="space-y-5"
      aria-label={budget ? 'Edit budget' : 'New budget'}
      onSubmit={(event) => {
        event.preventDefault();
        submit(false);
      }}
    >
      <SelectField
        id="budget-project"
        label="Project"
        value={project}
        onChange={setProject}
        disabled={Boolean(budget || projectId)}
      >
        <option value="">Select a project</option>
        <NamedOptions items={projects.map((choice) => ({ id: choice.id, name: choice.title }))} />
      </SelectField>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Line items</legend>
        {lines.map((line, index) => (
          <div
            key={line.key}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-12"
            aria-label={`Line ${index + 1}`}
            role="group"
          >
            <Field id={`${line.key}-description`} label="Description" className="sm:col-span-4">
              <Input
                id={`${line.key}-description`}
                value={line.description}
                onChange={(event) => change(line.key, 'description', event.target.value)}
              />
            </Field>
            <Field id={`${line.key}-quantity`} label="Quantity" className="sm:col-span-2">
              <Input
                id={`${line.key}-quantity`}
                inputMode="decimal"
                value={line.quantity}
                onChange={(event) => change(line.key, 'quantity', event.target.value)}
              />
            </Field>
            <Field id={`${line.key}-unit-price`} label="Unit price (₦)" className="sm:col-span-2">
              <Input
                id={`${line.key}-unit-price`}
                inputMode="decimal"
                value={line.unitPrice}
                onChange={(event) => change(line.key, 'unitPrice', event.target.value)}
              />
            </Field>
            <Field id={`${line.key}-notes`} label="Notes" className="sm:col-span-2">
              <Input
                id={`${line.key}-notes`}
                value={line.notes}
                onChange={(event) => change(line.key, 'notes', event.target.value)}
              />
            </Field>
            <div className="flex items-end justify-between gap-2 sm:col-span-2">
              <p className="text-sm">
                <span className="block text-xs text-slate-500">Total</span>
                <output aria-label={`Line ${index + 1} total`} className="font-medium text-slate-900">
                  {formatNaira(shownLineTotal(line))}
                </output>
              </p>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove line ${index + 1}`}
                disabled={lines.length <= 1}
                onClick={() =>
                  setLines((current) =>
                    current.length > 1 ? current.filter((other) => other.key !== line.key) : current,
                  )
                }
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
            onClick={() => setLines((current) => [...current, emptyLine()])}
          >
            <Plus aria-hidden="true" /> Add line
          </Button>
          <p className="text-sm text-slate-700">
            Budget total:{' '}
            <output aria-label="Budget total" className="font-semibold text-slate-900">
              {formatNaira(shownTotal(lines))}
            </output>
          </p>
        </div>
      </fieldset>

      <Field id="budget-remarks" label="Remarks">
        <Textarea
          id="budget-remarks"
          value={remarks}
          maxLength={5000}
          onChange={(event) => setRemarks(event.target.value)}
        />
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
          <Button variant="secondary" disabled={busy} onClick={() => submit(true)}>
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
