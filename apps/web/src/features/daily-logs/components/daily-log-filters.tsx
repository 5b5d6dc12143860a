import { DateRangeFields } from '../../../components/ui/date-range-fields.tsx';
import { DATE_RANGES, type DateRange } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { FilterX } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ProjectFilterSelect, SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import type { ProjectChoice } from '../types.ts';
import { DATE_RANGE_LABELS, type CustomRange } from './date-range.ts';

interface DailyLogFiltersProps {
  projects: readonly ProjectChoice[];
  projectId: string;
  onProjectChange: (projectId: string) => void;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  custom: CustomRange;
  onCustomChange: (custom: CustomRange) => void;
  onClear: () => void;
}

/** Project, date range (with start and end for a custom range) and Clear All. */
export function DailyLogFilters(props: DailyLogFiltersProps) {
  const { projects, projectId, onProjectChange, range, onRangeChange, custom, onCustomChange, onClear } =
    props;
  const filtered = Boolean(projectId) || range !== 'all';
  return (
    <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:items-end">
      <ProjectFilterSelect
        id="log-project-filter"
        className="lg:w-64"
        projects={projects}
        value={projectId}
        onChange={onProjectChange}
      />
      <SelectField
        id="log-date-filter"
        label="Date Range"
        className="lg:w-44"
        value={range}
        onChange={onRangeChange}
      >
        <SelectOptions values={DATE_RANGES} label={(value) => DATE_RANGE_LABELS[value]} />
      </SelectField>
      {range === 'custom' ? (
        <DateRangeFields
          ids={{ from: 'log-start-date', to: 'log-end-date' }}
          labels={{ from: 'Start Date', to: 'End Date' }}
          value={{ from: custom.start, to: custom.end }}
          onChange={({ from, to }) => onCustomChange({ ...custom, start: from, end: to })}
        />
      ) : null}
      <Button variant="ghost" onClick={onClear} disabled={!filtered} className="sm:justify-self-start">
        <FilterX aria-hidden="true" />
        Clear All
      </Button>
    </div>
  );
}
