import type { ReactNode } from 'react';
import { Field } from './field.tsx';
import { NativeSelect } from './input.tsx';

interface SelectFieldProps<T extends string> {
  id: string;
  label: string;
  /** Keeps the label for screen readers only, e.g. a filter whose options say what it is. */
  hideLabel?: boolean;
  className?: string;
  value: T;
  /** Called with the chosen option's value; the options are expected to hold only values of T. */
  onChange: (value: T) => void;
  disabled?: boolean;
  /** The options, e.g. an 'All' option followed by SelectOptions. */
  children: ReactNode;
}

/** A labelled native select that reports the chosen value. */
export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const { id, label, hideLabel, className, value, onChange, disabled, children } = props;
  return (
    <Field id={id} label={label} hideLabel={hideLabel} className={className}>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        disabled={disabled}
      >
        {children}
      </NativeSelect>
    </Field>
  );
}

/** One option for each value, worded by `label` (the value itself by default). */
export function SelectOptions<T extends string | number>({
  values,
  label,
}: {
  values: readonly T[];
  label?: (value: T) => string;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label ? label(value) : value}
    </option>
  ));
}

/** One option for each item, valued by its id and worded by its name (people, for instance). */
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

/**
 * The "Project" filter of the log and media screens: All Projects, then each project by title. A project
 * chosen through the address but not in the list still shows as selected.
 */
export function ProjectFilterSelect(props: {
  id: string;
  className?: string;
  projects: readonly { id: string; title: string }[];
  value: string;
  onChange: (projectId: string) => void;
}) {
  const { id, className, projects, value, onChange } = props;
  const known = projects.some((project) => project.id === value);
  return (
    <SelectField id={id} label="Project" className={className} value={value} onChange={onChange}>
      <option value="">All Projects</option>
      {value && !known ? <option value={value}>Selected project</option> : null}
      <NamedOptions items={projects.map((project) => ({ id: project.id, name: project.title }))} />
    </SelectField>
  );
}
