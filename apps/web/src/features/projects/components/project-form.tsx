import { formatNaira } from '@trowel/shared/money/format.ts';
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '@trowel/shared/projects/project.constants.ts';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectOptions } from '../../../components/ui/select-field.tsx';
import { projectStatusLabel } from '../../../lib/project-status.ts';
import {
  missingChoiceToast,
  resolveProjectForm,
  type ProjectFormMode,
  type ProjectFormOutput,
  type ProjectFormValues,
} from './project-form-values.ts';
import { PersonOptions, TeamMemberPicker, type PersonOption } from './team-member-picker.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** Why a project's spent is not typed once it has orders or stock issued, and what it is made of. */
const spentDerivedHint = (before: number) =>
  before > 0
    ? `Worked out: ${formatNaira(before)} spent before the first order or stock issue, plus payments and stock issued since (see the project's costs).`
    : "Worked out from payments and stock issued: see the project's costs.";

interface ProjectFormProps {
  mode: ProjectFormMode;
  defaultValues: ProjectFormValues;
  leadOptions: readonly PersonOption[];
  clientOptions: readonly PersonOption[];
  /** Everyone who can join the team. */
  staff: readonly PersonOption[];
  submitLabel: string;
  busyLabel: string;
  cancelTo: string;
  onSubmit: (body: ProjectFormOutput) => Promise<void>;
  /** Spent is worked out from payments and stock issued: shown, not typed. */
  spentDerived?: boolean;
  /** Of a worked-out spent, what was typed before the first order or stock issue. */
  spentBeforeTracking?: number | null;
}

/** The create and edit project form; edit adds status, spent and progress. */
export function ProjectForm(props: ProjectFormProps) {
  const { mode, defaultValues, leadOptions, clientOptions, staff } = props;
  const form = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    resolver: (values) => resolveProjectForm(values, mode),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const text = (name: 'title' | 'location') => form.register(name);

  const submit = form.handleSubmit(
    (body) => props.onSubmit(body),
    (invalid) => {
      const missing = missingChoiceToast(invalid);
      if (missing) toast.error(missing[0], { description: missing[1] });
    },
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id="project-title" label="Title" required error={errors.title?.message}>
          {(control) => <Input {...control} {...text('title')} required />}
        </FormField>
        <FormField id="project-location" label="Location" required error={errors.location?.message}>
          {(control) => <Input {...control} {...text('location')} required />}
        </FormField>
        <FormField
          id="project-description"
          label="Description"
          required
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          {(control) => <Textarea {...control} {...form.register('description')} rows={4} required />}
        </FormField>
        <FormField id="project-category" label="Category" required error={errors.category?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('category')} required>
              <option value="">Select a category</option>
              <SelectOptions values={PROJECT_CATEGORIES} />
            </NativeSelect>
          )}
        </FormField>
        <NumberField
          id="project-budget"
          label="Budget"
          unit="naira"
          error={errors.budget?.message}
          registration={form.register('budget')}
        />
        <FormField id="project-start" label="Start Date" required error={errors.startDate?.message}>
          {(control) => <Input {...control} {...form.register('startDate')} type="date" required />}
        </FormField>
        <FormField id="project-end" label="End Date" required error={errors.endDate?.message}>
          {(control) => <Input {...control} {...form.register('endDate')} type="date" required />}
        </FormField>
        <FormField id="project-lead" label="Project Lead" required error={errors.projectLeadId?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('projectLeadId')} required={mode === 'create'}>
              <option value="">Select a project lead</option>
              <PersonOptions people={leadOptions} />
            </NativeSelect>
          )}
        </FormField>
        <FormField id="project-client" label="Client" required error={errors.clientId?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('clientId')} required={mode === 'create'}>
              <option value="">Select a client</option>
              <NamedOptions items={clientOptions} />
            </NativeSelect>
          )}
        </FormField>
        {mode === 'edit' ? (
          <EditOnlyFields
            form={form}
            spentDerived={props.spentDerived ?? false}
            spentBefore={props.spentBeforeTracking ?? 0}
          />
        ) : null}
        <FormField
          id="project-team"
          label="Team Members"
          error={errors.teamMemberIds?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="teamMemberIds"
              render={({ field }) => (
                <TeamMemberPicker
                  id={control.id}
                  people={staff}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </FormField>
      </div>
      <FormActions cancel={{ to: props.cancelTo }} busy={isSubmitting} busyLabel={props.busyLabel}>
        {props.submitLabel}
      </FormActions>
    </form>
  );
}

/** What a number field holds: its hint and the bounds and keyboard of its box. */
const NUMBER_UNITS = {
  naira: { hint: 'In naira.', input: { inputMode: 'decimal', min: 0, step: '0.01' } },
  percent: {
    hint: 'A whole number from 0 to 100.',
    input: { inputMode: 'numeric', min: 0, max: 100, step: 1 },
  },
} as const;

interface NumberFieldProps {
  id: string;
  label: string;
  unit: keyof typeof NUMBER_UNITS;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** Shown but not typed, with why in place of the unit's hint. */
  readOnlyBecause?: string;
}

/** A required number box with its unit's hint, bounds and keyboard. */
function NumberField({ id, label, unit, error, registration, readOnlyBecause }: NumberFieldProps) {
  const { hint, input } = NUMBER_UNITS[unit];
  return (
    <FormField id={id} label={label} required error={error} hint={readOnlyBecause ?? hint}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="number"
          {...input}
          required
          readOnly={Boolean(readOnlyBecause)}
        />
      )}
    </FormField>
  );
}

type ProjectFormApi = ReturnType<typeof useForm<ProjectFormValues, unknown, ProjectFormOutput>>;

function EditOnlyFields({
  form,
  spentDerived,
  spentBefore,
}: {
  form: ProjectFormApi;
  spentDerived: boolean;
  spentBefore: number;
}) {
  const { errors } = form.formState;
  return (
    <>
      <FormField id="project-status" label="Status" required error={errors.status?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('status')} required>
            <SelectOptions values={PROJECT_STATUSES} label={projectStatusLabel} />
          </NativeSelect>
        )}
      </FormField>
      <NumberField
        id="project-spent"
        label="Spent"
        unit="naira"
        error={errors.spent?.message}
        registration={form.register('spent')}
        {...(spentDerived ? { readOnlyBecause: spentDerivedHint(spentBefore) } : {})}
      />
      <NumberField
        id="project-progress"
        label="Progress"
        unit="percent"
        error={errors.progress?.message}
        registration={form.register('progress')}
      />
    </>
  );
}
