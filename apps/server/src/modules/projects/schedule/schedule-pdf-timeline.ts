import { dateOfDay, dayNumber } from '@trowel/shared/schedule/critical-path.ts';
import type { ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';

/** A label on the print's time scale: where its period starts and its words ("Mar 2026", "Q2 2026", "2027"). */
export interface TimelineMark {
  x: number;
  label: string;
}

/** The print's time scale: the schedule's days fitted into the chart's width. */
export interface Timeline {
  /** Where a day starts, in points. */
  x(day: number): number;
  /** The width of one day, in points. */
  dayWidth: number;
  marks: TimelineMark[];
  /** Today's day number when it falls on the scale, else null. */
  today: number | null;
}

const MIN_LABEL_GAP = 34;
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

/** The first day of each period from `first` to `last`: months, quarters or years, whichever labels fit. */
function periodStarts(first: number, last: number, dayWidth: number) {
  const months = dayWidth * 30 >= MIN_LABEL_GAP ? 1 : dayWidth * 91 >= MIN_LABEL_GAP ? 3 : 12;
  const starts: Array<{ day: number; label: string }> = [];
  const firstDate = dateOfDay(first);
  let year = Number(firstDate.slice(0, 4));
  let month = Math.floor((Number(firstDate.slice(5, 7)) - 1) / months) * months;
  for (;;) {
    const date = `${year}-${String(month + 1).padStart(2, '0')}-01`;
    const day = dayNumber(date);
    if (day > last) return starts;
    const label =
      months === 1
        ? `${monthName.format(new Date(`${date}T00:00:00Z`))} ${year}`
        : months === 3
          ? `Q${month / 3 + 1} ${year}`
          : String(year);
    starts.push({ day: Math.max(day, first), label });
    month += months;
    if (month >= 12) {
      month -= 12;
      year += 1;
    }
  }
}

/**
 * The time scale of the tasks' dates and baselines across `width` points from `left`, with today's
 * line when today falls within it. Null when no task has dates.
 */
export function timelineOf(
  tasks: readonly Pick<ScheduleTaskDto, 'startDate' | 'endDate' | 'baselineStart' | 'baselineEnd'>[],
  today: string,
  left: number,
  width: number,
): Timeline | null {
  const days = tasks.flatMap((task) =>
    [task.startDate, task.endDate, task.baselineStart, task.baselineEnd]
      .filter((date): date is string => date !== null)
      .map(dayNumber),
  );
  if (days.length === 0) return null;
  const first = Math.min(...days);
  const last = Math.max(...days);
  const dayWidth = width / (last - first + 1);
  const x = (day: number) => left + (day - first) * dayWidth;
  const todayDay = dayNumber(today);
  return {
    x,
    dayWidth,
    marks: periodStarts(first, last, dayWidth).map(({ day, label }) => ({ x: x(day), label })),
    today: todayDay >= first && todayDay <= last ? todayDay : null,
  };
}
