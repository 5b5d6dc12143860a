import { NamedOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { usePeopleOptions } from '../api/get-people-options.ts';

export interface PeopleFilterValues {
  /** Projects of this client ('' for all). */
  clientId: string;
  /** Projects this staff member leads or works on ('' for all). */
  memberId: string;
}

interface ProjectPeopleFiltersProps {
  id: string;
  values: PeopleFilterValues;
  onChange: (values: PeopleFilterValues) => void;
}

/** The 'More Filters' panel of the projects screen: by client, and by lead or team member. */
export function ProjectPeopleFilters({ id, values, onChange }: ProjectPeopleFiltersProps) {
  const clients = usePeopleOptions('clients');
  const staff = usePeopleOptions('staff');
  return (
    <div
      id={id}
      className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2"
    >
      <SelectField
        id="project-client-filter"
        label="Client"
        value={values.clientId}
        onChange={(clientId) => onChange({ ...values, clientId })}
      >
        <option value="">All Clients</option>
        <NamedOptions items={clients.data ?? []} />
      </SelectField>
      <SelectField
        id="project-member-filter"
        label="Lead or Team Member"
        value={values.memberId}
        onChange={(memberId) => onChange({ ...values, memberId })}
      >
        <option value="">All Staff</option>
        <NamedOptions items={staff.data ?? []} />
      </SelectField>
    </div>
  );
}
