import { Field } from './field.tsx';
import { NativeSelect } from './input.tsx';
import { SelectOptions } from './select-field.tsx';

interface StatusFilterProps<S extends string> {
  id: string;
  statuses: readonly S[];
  labels: Readonly<Record<S, string>>;
  value: S | '';
  onChange: (status: S | '') => void;
}

/** A list's status filter: every status of its workflow, or all of them. */
export function StatusFilter<S extends string>({
  id,
  statuses,
  labels,
  value,
  onChange,
}: StatusFilterProps<S>) {
  return (
    <Field id={id} label="Status" className="max-w-xs">
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as S | '')}>
        <option value="">All statuses</option>
        <SelectOptions values={statuses} label={(status) => labels[status]} />
      </NativeSelect>
    </Field>
  );
}
