import { dateOfDay, dayNumber, phaseSpan } from '@trowel/shared/schedule/critical-path.ts';
import type { ScheduleDto, ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { tasksByPhase } from './schedule-phases.ts';

export const DAY_WIDTH = 28;
export const ROW_HEIGHT = 36;
export const LABEL_WIDTH = 220;
export const HEADER_HEIGHT = 44;
/** Days shown before the first and after the last date, so the ends of bars and arrows are not cut. */
const MARGIN_DAYS = 3;
const LABEL_CHARACTERS = 30;

/** A task with both dates, in order: the only kind drawn on the chart. */
export type DatedTask = ScheduleTaskDto & { startDate: string; endDate: string };

export const isDated = (task: ScheduleTaskDto): task is DatedTask =>
  task.startDate !== null && task.endDate !== null && task.endDate >= task.startDate;

interface Span {
  x: number;
  width: number;
}

export interface GanttRow extends Span {
  kind: 'phase' | 'task';
  id: string;
  label: string;
  name: string;
  y: number;
  /** 0 to 100. */
  progress: number;
  critical: boolean;
  baseline: Span | null;
  /** The task of a task row. */
  task: DatedTask | null;
}

export interface GanttArrow {
  id: string;
  path: string;
  critical: boolean;
}

export interface GanttLayout {
  firstDay: number;
  width: number;
  height: number;
  rows: GanttRow[];
  arrows: GanttArrow[];
  todayX: number | null;
  /** The first day of each month (x and its name), and each Monday (x and its day of the month). */
  months: Array<{ x: number; date: string }>;
  weeks: Array<{ x: number; date: string }>;
}

/** Where day number `day` starts on the chart. */
export const dayX = (firstDay: number, day: number) => LABEL_WIDTH + (day - firstDay) * DAY_WIDTH;

/** The span of a task's days, both ends counted. */
function spanOf(firstDay: number, start: string, end: string): Span {
  return { x: dayX(firstDay, dayNumber(start)), width: (dayNumber(end) - dayNumber(start) + 1) * DAY_WIDTH };
}

const shortLabel = (name: string) =>
  name.length > LABEL_CHARACTERS ? `${name.slice(0, LABEL_CHARACTERS - 1)}…` : name;

/** The elbowed path of a link from the end (finish-to-start) or start (start-to-start) of a bar to the start of another. */
function arrowPath(from: GanttRow, to: GanttRow, fromStart: boolean): string {
  const fromX = fromStart ? from.x : from.x + from.width;
  const fromY = from.y + ROW_HEIGHT / 2;
  const toY = to.y + ROW_HEIGHT / 2;
  const out = fromStart ? fromX - 8 : fromX + 8;
  if (to.x - 8 >= out) return `M${fromX},${fromY} H${out} V${toY} H${to.x - 2}`;
  // The successor starts before the arrow can come down: go between the rows and back.
  const between = toY > fromY ? to.y : to.y + ROW_HEIGHT;
  return `M${fromX},${fromY} H${out} V${between} H${to.x - 8} V${toY} H${to.x - 2}`;
}

/** The picture of a schedule: a row for each phase and each of its dated tasks, arrows for links, today's line. */
export function ganttLayout(
  schedule: Pick<ScheduleDto, 'phases' | 'tasks' | 'links'>,
  today: string,
): GanttLayout {
  const dated = schedule.tasks.filter(isDated);
  const days = dated.flatMap((task) =>
    [task.startDate, task.endDate, task.baselineStart, task.baselineEnd]
      .filter((date): date is string => date !== null)
      .map(dayNumber),
  );
  if (days.length === 0) {
    return { firstDay: 0, width: 0, height: 0, rows: [], arrows: [], todayX: null, months: [], weeks: [] };
  }
  const todayDay = dayNumber(today);
  const firstDay = Math.min(...days, todayDay) - MARGIN_DAYS;
  const lastDay = Math.max(...days, todayDay) + MARGIN_DAYS;
  const rows: GanttRow[] = [];
  let y = HEADER_HEIGHT;
  for (const { phase, tasks: phaseTasks } of tasksByPhase(schedule.phases, dated)) {
    const span = phaseSpan(phaseTasks)!;
    rows.push({
      kind: 'phase',
      id: phase.id,
      name: phase.name,
      label: shortLabel(phase.name),
      y,
      ...spanOf(firstDay, span.startDate, span.endDate),
      progress: span.progress,
      critical: phaseTasks.some((task) => task.critical),
      baseline: null,
      task: null,
    });
    y += ROW_HEIGHT;
    for (const task of phaseTasks) {
      rows.push({
        kind: 'task',
        id: task.id,
        name: task.name,
        label: shortLabel(task.name),
        y,
        ...spanOf(firstDay, task.startDate, task.endDate),
        progress: task.progress,
        critical: task.critical,
        baseline:
          task.baselineStart && task.baselineEnd
            ? spanOf(firstDay, task.baselineStart, task.baselineEnd)
            : null,
        task,
      });
      y += ROW_HEIGHT;
    }
  }
  const taskRows = new Map(rows.filter((row) => row.kind === 'task').map((row) => [row.id, row]));
  const arrows = schedule.links.flatMap((link) => {
    const from = taskRows.get(link.fromTaskId);
    const to = taskRows.get(link.toTaskId);
    if (!from || !to) return [];
    return [
      {
        id: link.id,
        path: arrowPath(from, to, link.type === 'start_to_start'),
        critical: from.critical && to.critical,
      },
    ];
  });
  const months: GanttLayout['months'] = [];
  const weeks: GanttLayout['weeks'] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const date = dateOfDay(day);
    if (date.endsWith('-01') || day === firstDay) months.push({ x: dayX(firstDay, day), date });
    // Day 4 (1970-01-05) was a Monday.
    if ((day - 4) % 7 === 0) weeks.push({ x: dayX(firstDay, day), date });
  }
  return {
    firstDay,
    width: dayX(firstDay, lastDay + 1),
    height: y,
    rows,
    arrows,
    todayX: dayX(firstDay, todayDay) + DAY_WIDTH / 2,
    months,
    weeks,
  };
}

/** Where a task bar's link handle sits: just past its end, in the middle of its row. */
export const linkHandleOf = (row: Pick<GanttRow, 'x' | 'width' | 'y'>) => ({
  x: row.x + row.width + 7,
  y: row.y + ROW_HEIGHT / 2,
});

/** How far outside a bar a drop still counts as on it, in pixels. */
const DROP_SLACK = 8;

/** The task row whose bar is at `point` (within its row, and along the bar give or take a little), if any. */
export function barAt(layout: Pick<GanttLayout, 'rows'>, point: { x: number; y: number }): GanttRow | null {
  return (
    layout.rows.find(
      (row) =>
        row.task !== null &&
        point.y >= row.y &&
        point.y < row.y + ROW_HEIGHT &&
        point.x >= row.x - DROP_SLACK &&
        point.x <= row.x + row.width + DROP_SLACK,
    ) ?? null
  );
}

/** Today's date where the browser is (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
