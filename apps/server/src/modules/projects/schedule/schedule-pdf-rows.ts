import type { PDFFont } from 'pdf-lib';
import { dayNumber, phaseSpan } from '@trowel/shared/schedule/critical-path.ts';
import { wrap } from '../../../lib/pdf-text.ts';
import type { ExportedTask, ScheduleExport } from './schedule-export.ts';
import {
  A3_LANDSCAPE,
  BAND,
  BASELINE,
  COLOURS,
  cells,
  MARGIN,
  MAX_NOTE_LINES,
  MUTED,
  NOTE_LINE,
  ROW,
  shortDate,
  signedDays,
  TABLE_WIDTH,
  type Pen,
} from './schedule-pdf-layout.ts';
import type { Timeline } from './schedule-pdf-timeline.ts';

/** A row of the print: a phase with its span and progress, or a task. */
export type PrintRow =
  | { kind: 'phase'; name: string; start: string | null; end: string | null; progress: number }
  | { kind: 'task'; task: ExportedTask; notes: string[] };

/** The print's rows: each phase that has tasks, then its tasks, their notes wrapped to the table's width. */
export function rowsOf(exported: ScheduleExport, font: PDFFont): PrintRow[] {
  const rows: PrintRow[] = [];
  for (const phase of exported.schedule.phases) {
    const tasks = exported.tasks.filter((task) => task.phaseId === phase.id);
    if (tasks.length === 0) continue;
    const span = phaseSpan(tasks);
    rows.push({
      kind: 'phase',
      name: phase.name,
      start: span?.startDate ?? null,
      end: span?.endDate ?? null,
      progress: span?.progress ?? 0,
    });
    for (const task of tasks) {
      const notes = task.notes ? wrap(task.notes, font, 7, TABLE_WIDTH - 14).slice(0, MAX_NOTE_LINES) : [];
      rows.push({ kind: 'task', task, notes });
    }
  }
  return rows;
}

/** How tall a row is drawn: a task's notes add a line each. */
export const heightOf = (row: PrintRow) => ROW + (row.kind === 'task' ? row.notes.length * NOTE_LINE : 0);

/** A bar over a span of days, `height` high in the middle of the row below `top`, filled as far as done. */
function bar(
  pen: Pen,
  timeline: Timeline | null,
  span: { start: string | null; end: string | null; progress: number },
  top: number,
  colours: (typeof COLOURS)[keyof typeof COLOURS],
  height: number,
) {
  if (!timeline || !span.start || !span.end) return;
  const x = timeline.x(dayNumber(span.start));
  const width = Math.max(1.5, (dayNumber(span.end) - dayNumber(span.start) + 1) * timeline.dayWidth);
  const y = top - (ROW + height) / 2;
  pen.page.drawRectangle({
    x,
    y,
    width,
    height,
    color: colours.fill,
    borderColor: colours.edge,
    borderWidth: 0.5,
  });
  if (span.progress > 0) {
    pen.page.drawRectangle({ x, y, width: (width * span.progress) / 100, height, color: colours.done });
  }
}

/** One row below `top`: a phase as a shaded band with its span, or a task with its bar, baseline and notes. */
export function drawRow(pen: Pen, row: PrintRow, top: number, timeline: Timeline | null) {
  const textY = top - 11;
  if (row.kind === 'phase') {
    pen.page.drawRectangle({
      x: MARGIN,
      y: top - ROW,
      width: A3_LANDSCAPE.width - 2 * MARGIN,
      height: ROW,
      color: BAND,
    });
    cells(
      pen,
      [row.name, '', shortDate(row.start), shortDate(row.end), '', `${row.progress}%`],
      textY,
      pen.bold,
      2,
    );
    bar(pen, timeline, row, top, COLOURS.phase, 5);
    return;
  }
  const { task } = row;
  cells(
    pen,
    [
      task.name,
      task.assignedTo ?? '',
      task.startDate ? shortDate(task.startDate) : 'No dates',
      shortDate(task.endDate),
      task.days === null ? '' : String(task.days),
      `${task.progress}%`,
      task.totalFloat === null ? '' : task.critical ? 'Critical' : `${task.totalFloat} d`,
      signedDays(task.slipDays),
    ],
    textY,
    pen.regular,
    10,
    [
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      task.critical ? COLOURS.critical.edge : undefined,
    ],
  );
  const colours = task.critical ? COLOURS.critical : COLOURS.normal;
  bar(pen, timeline, { start: task.startDate, end: task.endDate, progress: task.progress }, top, colours, 8);
  if (timeline && task.baselineStart && task.baselineEnd) {
    const x = timeline.x(dayNumber(task.baselineStart));
    const days = dayNumber(task.baselineEnd) - dayNumber(task.baselineStart) + 1;
    pen.page.drawRectangle({
      x,
      y: top - ROW + 1,
      width: Math.max(1.5, days * timeline.dayWidth),
      height: 1.5,
      color: BASELINE,
    });
  }
  row.notes.forEach((line, index) => {
    pen.page.drawText(line, {
      x: MARGIN + 10,
      y: top - ROW - 6 - index * NOTE_LINE,
      size: 7,
      font: pen.regular,
      color: MUTED,
    });
  });
}
