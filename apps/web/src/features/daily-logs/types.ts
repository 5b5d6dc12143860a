/** What narrows the log list: one project and an inclusive range of Lagos calendar days (YYYY-MM-DD). */
export interface DailyLogFilters {
  projectId?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** A project that logs can be filed under. */
export interface ProjectChoice {
  id: string;
  title: string;
}
