import { zodResolver } from '@hookform/resolvers/zod';
import {
  createMaterialRequestInput,
  MATERIAL_NAME_MAX,
  MATERIAL_NOTES_MAX,
  MATERIAL_REQUEST_INCOMPLETE,
  type CreateMaterialRequestInput,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions } from '../../../components/ui/select-field.tsx';
import { bodySchema, errorMessages, typedNumber } from '../../../lib/form-schema.ts';

/** The request as typed: a quantity stays text until sent. */
interface MaterialRequestValues {
  projectId: string;
  items: Array<{ name: string; quantity: string }>;
  notes: string;
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

const blankLine = () => ({ name: '', quantity: '' });

const { shape } = createMaterialRequestInput;
/** The request checked with the fields of POST /material-requests; an edit's project is the request's own. */
const materialRequestSchema = (projectFixed: boolean) =>
  bodySchema(
    (values: MaterialRequestValues) => ({
      ...values,
      items: values.items.map((item) => ({ name: item.name, quantity: typedNumber(item.quantity) })),
    }),
    z.object({
      projectId: projectFixed ? z.string() : shape.projectId,
      items: shape.items,
      notes: shape.notes,
    }),
  );

/** Project, item lines (one at least) and notes; anything missing gives the spec's 'Incomplete Request'. */
export function MaterialRequestForm(props: MaterialRequestFormProps) {
  const { projects, initial, projectFixed = false, submitLabel, busy, onSubmit, onCancel } = props;
  const formId = useId();
  const form = useForm<MaterialRequestValues, unknown, CreateMaterialRequestInput>({
    resolver: zodResolver(materialRequestSchema(projectFixed)),
    defaultValues: {
      projectId: initial?.projectId ?? '',
      items: initial?.items.length
        ? initial.items.map((item) => ({ name: item.name, quantity: String(item.quantity) }))
        : [blankLine()],
      notes: initial?.notes ?? '',
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const { errors } = form.formState;
  // The spec's toast says the request is incomplete; beside the form, what is wrong with it.
  const problems = errorMessages(errors);

  const submit = form.handleSubmit(
    (input) => onSubmit(input),
    (invalid) => {
      // The spec's toast is for what is missing; a value given but refused (a quantity below 0) is named.
      const values = form.getValues();
      const missing =
        values.projectId === '' ||
        values.items.some((item) => item.name.trim() === '' || item.quantity.trim() === '');
      if (missing) {
        toast.error(MATERIAL_REQUEST_INCOMPLETE.title, {
          description: MATERIAL_REQUEST_INCOMPLETE.description,
        });
      } else {
        toast.error(MATERIAL_REQUEST_INCOMPLETE.checkTitle, { description: errorMessages(invalid)[0] });
      }
    },
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id={`${formId}-project`} label="Project">
        <NativeSelect id={`${formId}-project`} {...form.register('projectId')} disabled={projectFixed}>
          <option value="">Select a project</option>
          <NamedOptions items={projects.map((project) => ({ id: project.id, name: project.title }))} />
        </NativeSelect>
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Items</legend>
        {lines.fields.map((line, index) => (
          <div key={line.id} className="flex items-end gap-2">
            <Field
              id={`${formId}-name-${line.id}`}
              label={`Item ${index + 1} name`}
              className="min-w-0 flex-1"
            >
              <Input
                id={`${formId}-name-${line.id}`}
                {...form.register(`items.${index}.name`)}
                maxLength={MATERIAL_NAME_MAX}
                placeholder="e.g. Cement (50 kg bags)"
                aria-invalid={errors.items?.[index]?.name ? true : undefined}
              />
            </Field>
            <Field
              id={`${formId}-qty-${line.id}`}
              label={`Item ${index + 1} quantity`}
              className="w-24 sm:w-32"
            >
              <Input
                id={`${formId}-qty-${line.id}`}
                {...form.register(`items.${index}.quantity`)}
                type="number"
                inputMode="decimal"
                min="0"
                step="any"
                aria-invalid={errors.items?.[index]?.quantity ? true : undefined}
              />
            </Field>
            <Button
              type="button"
              variant="outline"
              size="icon"
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(index)}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Remove item {index + 1}</span>
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          onClick={() => lines.append(blankLine(), { shouldFocus: false })}
        >
          <Plus aria-hidden="true" /> Add Item
        </Button>
      </fieldset>
      <Field id={`${formId}-notes`} label="Notes">
        <Textarea
          id={`${formId}-notes`}
          {...form.register('notes')}
          maxLength={MATERIAL_NOTES_MAX}
          placeholder="What the materials are for, when they are needed"
        />
      </Field>
      {problems.length > 0 ? (
        <ul role="alert" className="space-y-1 text-sm text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
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
