import type { REPORT_TIMEFRAMES } from '@trowel/shared/reports/report.schemas.ts';

export type ReportTimeframe = (typeof REPORT_TIMEFRAMES)[number];

export interface ReportFilters {
  timeframe: ReportTimeframe;
  /** 'all' or one project category. */
  category: string;
}
