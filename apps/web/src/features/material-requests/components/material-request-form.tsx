import {
  MATERIAL_REQUEST_INCOMPLETE,
  MATERIAL_NOTES_MAX,
  type CreateMaterialRequestInput,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface Line {
  key: number;
  name: string;
  quantity: string;
}

export interface MaterialRequestFormProps {
  projects: ReadonlyArray<{ id: string; title: string }>;
  initial?: { projectId: string; items: ReadonlyArray<{ name: string; quantity: number }>; notes: string };
  /** An edit keeps the request's project. */
  projectFixed?: boolean;
  submitLabel: string;
  busy: boolean;
  onSubmit: (input: CreateMaterialRequestInput) => void;
  onCancel?: () => void;
}

let nextKey = 0;
const blankLine = (): Line => ({ key: nextKey++, name: '', quantity: '' });

/** Project, item lines (one at least) and notes; anything missing gives the spec's 'Incomplete Request'. */
export function MaterialRequestForm(props: MaterialRequestFormProps) {
  const { projects, initial, projectFixed, submitLabel, busy, onSubmit, onCancel } = props;
  const formId = useId();
  const [projectId, setProjectId] = useState(initial?.projectId ?? '');
  const [lines, setLines] = useState<Line[]>(() =>
    initial?.items.length
      ? initial.items.map((item) => ({ key: nextKey++, name: item.name, quantity: String(item.quantity) }))
      : [blankLine()],
  );
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [incomplete, setIncomplete] = useState(false);

  const change = (key: number, field: 'name' | 'quantity', value: string) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, [field]: value } : line)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const items = lines.map((line) => ({ name: line.name.trim(), quantity: Number(line.quantity) }));
    const complete =
      projectId !== '' &&
      items.every((item) => item.name !== '' && Number.isFinite(item.quantity) && item.quantity > 0);
    if (!complete) {
      setIncomplete(true);
      toast.error(MATERIAL_REQUEST_INCOMPLETE.title, {
        description: MATERIAL_REQUEST_INCOMPLETE.description,
      });
      return;
    }
    setIncomplete(false);
    onSubmit({ projectId, items, notes: notes.trim() });
  };

  const missing = (value: string) => (incomplete && !value.trim()) || undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <SelectField
        id={`${formId}-project`}
        label="Project"
        value={projectId}
        onChange={setProjectId}
        disabled={projectFixed}
      >
        <option value="">Select a project</option>
        <NamedOptions items={projects.map((project) => ({ id: project.id, name: project.title }))} />
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Items</legend>
        {lines.map((line, index) => (
          <div key={line.key} className="flex items-end gap-2">
            <Field
              id={`${formId}-name-${line.key}`}
              label={`Item ${index + 1} name`}
              className="min-w-0 flex-1"
            >
              <Input
                id={`${formId}-name-${line.key}`}
                value={line.name}
                placeholder="e.g. Cement (50 kg bags)"
                aria-invalid={missing(line.name)}
                onChange={(event) => change(line.key, 'name', event.target.value)}
              />
            </Field>
            <Field
              id={`${formId}-qty-${line.key}`}
              label={`Item ${index + 1} quantity`}
              className="w-24 sm:w-32"
            >
              <Input
                id={`${formId}-qty-${line.key}`}
                type="number"
                inputMode="decimal"
                min="0"
                step="any"
                value={line.quantity}
                aria-invalid={(incomplete && !(Number(line.quantity) > 0)) || undefined}
                onChange={(event) => change(line.key, 'quantity', event.target.value)}
              />
            </Field>
            <Button
              type="button"
              variant="outline"
              size="icon"
              disabled={lines.length === 1}
              onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Remove item {index + 1}</span>
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          onClick={() => setLines((current) => [...current, blankLine()])}
        >
          <Plus aria-hidden="true" /> Add Item
        </Button>
      </fieldset>
      <Field id={`${formId}-notes`} label="Notes">
        <Textarea
          id={`${formId}-notes`}
          value={notes}
          maxLength={MATERIAL_NOTES_MAX}
          placeholder="What the materials are for, when they are needed"
          onChange={(event) => setNotes(event.target.value)}
        />
      </Field>
      {incomplete ? (
        <p role="alert" className="text-sm text-red-700">
          {MATERIAL_REQUEST_INCOMPLETE.description}
        </p>
      ) : null}
      <FormActions
        cancel={onCancel ? { onClick: onCancel } : undefined}
        busy={busy}
        busyLabel="Submitting..."
      >
        {submitLabel}
      </FormActions>
    </form>
  );
}
