import { roleLabel } from '@trowel/shared/auth/roles.ts';
import { X } from 'lucide-react';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { NamedOptions } from '../../../components/ui/select-field.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

export interface PersonOption {
  id: string;
  name: string;
  role: string;
}

interface TeamMemberPickerProps {
  id: string;
  /** Everyone who can be chosen (staff). */
  people: readonly PersonOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}

/** People as options named exactly by their names, grouped under their role. */
export function PersonOptions({ people }: { people: readonly PersonOption[] }) {
  const groups = new Map<string, PersonOption[]>();
  for (const person of people) {
    const group = roleLabel(person.role);
    groups.set(group, [...(groups.get(group) ?? []), person]);
  }
  return [...groups].map(([group, members]) => (
    <optgroup key={group} label={group}>
      <NamedOptions items={members} />
    </optgroup>
  ));
}

/** Adds team members one at a time from a list that leaves out those already added; each can be removed. */
export function TeamMemberPicker({ id, people, value, onChange, disabled }: TeamMemberPickerProps) {
  const byId = new Map(people.map((person) => [person.id, person]));
  const available = people.filter((person) => !value.includes(person.id));
  return (
    <div className="space-y-2">
      <NativeSelect
        id={id}
        value=""
        disabled={disabled || available.length === 0}
        onChange={(event) => {
          if (event.target.value) onChange([...value, event.target.value]);
        }}
      >
        <option value="">
          {available.length === 0 ? 'Everyone has been added' : 'Add a team member...'}
        </option>
        <PersonOptions people={available} />
      </NativeSelect>
      {value.length > 0 ? (
        <ul aria-label="Chosen team members" className="flex flex-wrap gap-2">
          {value.map((memberId) => {
            const person = byId.get(memberId);
            const name = person?.name ?? 'Unknown member';
            return (
              <li
                key={memberId}
                className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm text-blue-900"
              >
                {name}
                <button
                  type="button"
                  onClick={() => onChange(value.filter((other) => other !== memberId))}
                  disabled={disabled}
                  className={cn('rounded-full p-1 hover:bg-blue-100', focusRing)}
                >
                  <X aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">Remove {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-xs text-slate-500">No team members added yet.</p>
      )}
    </div>
  );
}
