import { DateRangeFields } from '../../../components/ui/date-range-fields.tsx';
import { NamedOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { usePeopleOptions } from '../api/get-people-options.ts';

export interface MoreFilterValues {
  /** Projects starting on or after this date (YYYY-MM-DD, '' for any). */
  startFrom: string;
  /** Projects starting on or before this date (YYYY-MM-DD, '' for any). */
  startTo: string;
  /** Projects of this client ('' for all). */
  clientId: string;
  /** Projects this staff member leads or works on ('' for all). */
  memberId: string;
}

export const NO_MORE_FILTERS: MoreFilterValues = { startFrom: '', startTo: '', clientId: '', memberId: '' };

interface ProjectMoreFiltersProps {
  id: string;
  values: MoreFilterValues;
  onChange: (values: MoreFilterValues) => void;
  /** Whether the viewer may look people up (staff): then the client and lead filters are offered. */
  byPeople: boolean;
}

function PeopleFilters({ values, onChange }: Pick<ProjectMoreFiltersProps, 'values' | 'onChange'>) {
  const clients = usePeopleOptions('clients');
  const staff = usePeopleOptions('staff');
  return (
    <>
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
    </>
  );
}

/** The 'More Filters' panel of the projects screen: start dates, and for staff the client and the lead or member. */
export function ProjectMoreFilters({ id, values, onChange, byPeople }: ProjectMoreFiltersProps) {
  return (
    <div
      id={id}
      className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2"
    >
      <DateRangeFields
        ids={{ from: 'project-start-from', to: 'project-start-to' }}
        labels={{ from: 'Starting From', to: 'Starting By' }}
        value={{ from: values.startFrom, to: values.startTo }}
        onChange={({ from, to }) => onChange({ ...values, startFrom: from, startTo: to })}
      />
      {byPeople ? <PeopleFilters values={values} onChange={onChange} /> : null}
    </div>
  );
}
