import { PROJECT_CATEGORIES } from '@trowel/shared/projects/project.constants.ts';
import { REPORT_TIMEFRAMES } from '@trowel/shared/reports/report.schemas.ts';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ReportFilters, ReportTimeframe } from '../types.ts';

const TIMEFRAME_LABELS = {
  all: 'All Time',
  year: 'This Year',
  quarter: 'This Quarter',
  month: 'This Month',
} as const satisfies Record<ReportTimeframe, string>;

interface ReportFiltersBarProps {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
  onExport: () => void;
  exporting: boolean;
}

export function ReportFiltersBar({ filters, onChange, onExport, exporting }: ReportFiltersBarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="grid flex-1 grid-cols-2 gap-3 sm:flex sm:flex-none">
        <SelectField
          id="report-timeframe"
          label="Timeframe"
          className="sm:w-44"
          value={filters.timeframe}
          onChange={(timeframe) => onChange({ ...filters, timeframe })}
        >
          <SelectOptions values={REPORT_TIMEFRAMES} label={(timeframe) => TIMEFRAME_LABELS[timeframe]} />
        </SelectField>
        <SelectField
          id="report-category"
          label="Category"
          className="sm:w-44"
          value={filters.category}
          onChange={(category) => onChange({ ...filters, category })}
        >
          <option value="all">All Categories</option>
          <SelectOptions values={PROJECT_CATEGORIES} />
        </SelectField>
      </div>
      <div className="flex gap-2 sm:ml-auto">
        <Button className="flex-1 sm:flex-none" onClick={onExport} disabled={exporting}>
          {exporting ? <Spinner className="text-white" /> : <Download aria-hidden="true" />}
          Export Report
        </Button>
      </div>
    </div>
  );
}
