import { PROJECT_CATEGORIES } from '@trowel/shared/projects/project.constants.ts';
import { REPORT_TIMEFRAMES } from '@trowel/shared/reports/report.schemas.ts';
import { Download, SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
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
        <div className="space-y-1 sm:w-44">
          <label htmlFor="report-timeframe" className="text-sm font-medium text-slate-800">
            Timeframe
          </label>
          <NativeSelect
            id="report-timeframe"
            value={filters.timeframe}
            onChange={(event) => onChange({ ...filters, timeframe: event.target.value as ReportTimeframe })}
          >
            {REPORT_TIMEFRAMES.map((timeframe) => (
              <option key={timeframe} value={timeframe}>
                {TIMEFRAME_LABELS[timeframe]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1 sm:w-44">
          <label htmlFor="report-category" className="text-sm font-medium text-slate-800">
            Category
          </label>
          <NativeSelect
            id="report-category"
            value={filters.category}
            onChange={(event) => onChange({ ...filters, category: event.target.value })}
          >
            <option value="all">All Categories</option>
            {PROJECT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex gap-2 sm:ml-auto">
        <Button variant="outline" className="flex-1 sm:flex-none">
          <SlidersHorizontal aria-hidden="true" />
          More Filters
        </Button>
        <Button className="flex-1 sm:flex-none" onClick={onExport} disabled={exporting}>
          {exporting ? <Spinner className="text-white" /> : <Download aria-hidden="true" />}
          Export Report
        </Button>
      </div>
    </div>
  );
}
