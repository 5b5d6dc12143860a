import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SCHEDULE_MESSAGES } from '@trowel/shared/schedule/schedule.schemas.ts';
import { numberPages, printable } from '../../../lib/pdf-text.ts';
import type { ScheduleExport } from './schedule-export.ts';
import {
  A3_LANDSCAPE,
  BASELINE,
  cell,
  CHART_LEFT,
  CHART_WIDTH,
  COLOURS,
  COLUMNS,
  MARGIN,
  MUTED,
  RULE,
  shortDate,
  TODAY,
  write,
  type Pen,
} from './schedule-pdf-layout.ts';
import { drawRow, heightOf, rowsOf } from './schedule-pdf-rows.ts';
import { timelineOf, type Timeline } from './schedule-pdf-timeline.ts';

/** Objects pdf-lib writes before it lets the event loop turn (a page and its content are a few). */
const OBJECTS_PER_TICK = 20;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The title block of the first page: the project, when printed, the forecast end, the baseline, a legend. */
function titleBlock(pen: Pen, exported: ScheduleExport, top: number): number {
  let y = top;
  write(pen, `Schedule: ${exported.projectTitle}`, MARGIN, y, 18, pen.bold);
  const printed = `Printed ${shortDate(exported.today)}`;
  write(
    pen,
    printed,
    A3_LANDSCAPE.width - MARGIN - pen.regular.widthOfTextAtSize(printed, 10),
    y,
    10,
    pen.regular,
    MUTED,
  );
  y -= 20;
  const { schedule } = exported;
  const saved = schedule.baselineSavedAt ? shortDate(schedule.baselineSavedAt.slice(0, 10)) : 'not saved';
  const critical = exported.tasks.filter((task) => task.critical).length;
  write(
    pen,
    `Forecast end ${shortDate(schedule.forecastEndDate) || '-'}   |   Baseline ${saved}   |   ` +
      `${exported.tasks.length} tasks, ${critical} on the critical path, ${schedule.links.length} links`,
    MARGIN,
    y,
    10,
    pen.regular,
  );
  y -= 16;
  let x = MARGIN;
  for (const [label, colour] of [
    ['Critical path', COLOURS.critical.edge],
    ['Other tasks', COLOURS.normal.edge],
    ['Phase', COLOURS.phase.fill],
    ['Done', COLOURS.phase.done],
    ['Baseline', BASELINE],
    ['Today', TODAY],
  ] as const) {
    pen.page.drawRectangle({ x, y: y - 1, width: 14, height: 7, color: colour });
    write(pen, label, x + 18, y, 8, pen.regular, MUTED);
    x += 30 + pen.regular.widthOfTextAtSize(label, 8);
  }
  return y - 22;
}

/** The column headings and the time scale's labels above them; answers where the rows start. */
function headings(pen: Pen, timeline: Timeline | null, top: number): number {
  let x = MARGIN;
  for (const column of COLUMNS) {
    cell(pen, column.title, x, top, column.width, column.right, pen.bold);
    x += column.width;
  }
  for (const mark of timeline?.marks ?? []) {
    // The last period's label is left out when it would run past the page's edge.
    if (mark.x + 2 + pen.bold.widthOfTextAtSize(mark.label, 8) > A3_LANDSCAPE.width - MARGIN) continue;
    write(pen, mark.label, mark.x + 2, top, 8, pen.bold, MUTED);
  }
  const y = top - 6;
  pen.page.drawLine({ start: { x: MARGIN, y }, end: { x: A3_LANDSCAPE.width - MARGIN, y }, color: RULE });
  return y;
}

/** The scale's period lines and today's dashed line from `top` down to `bottom` of this page's rows. */
function gridLines(pen: Pen, timeline: Timeline | null, top: number, bottom: number) {
  if (!timeline) return;
  for (const mark of timeline.marks) {
    pen.page.drawLine({ start: { x: mark.x, y: top }, end: { x: mark.x, y: bottom }, color: RULE });
  }
  if (timeline.today !== null) {
    const x = timeline.x(timeline.today) + timeline.dayWidth / 2;
    pen.page.drawLine({
      start: { x, y: top },
      end: { x, y: bottom },
      color: TODAY,
      thickness: 1,
      dashArray: [4, 3],
    });
  }
}

/**
 * The schedule printed for a site meeting, A3 landscape: the tasks by phase as a table (dates,
 * length, progress, float, slip; the staff's notes under a task) beside their bars on a time scale
 * (critical in red, progress filled in, the baseline as a grey line, today dashed), continued on as
 * many pages as it takes, the headings on each.
 */
export async function renderSchedulePdf(exported: ScheduleExport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const label = `Schedule: ${exported.projectTitle}`;
  doc.setTitle(printable(label));
  doc.setProducer('Trowel');
  doc.setCreationDate(new Date(`${exported.today}T12:00:00Z`));
  const newPage = () => doc.addPage([A3_LANDSCAPE.width, A3_LANDSCAPE.height]);
  const pen: Pen = {
    page: newPage(),
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const timeline = timelineOf(exported.tasks, exported.today, CHART_LEFT, CHART_WIDTH);
  let y = titleBlock(pen, exported, A3_LANDSCAPE.height - MARGIN);
  const rows = rowsOf(exported, pen.regular);
  if (rows.length === 0) write(pen, SCHEDULE_MESSAGES.noTasks, MARGIN, y, 12, pen.regular);
  else {
    let rowsTop = (y = headings(pen, timeline, y));
    for (const row of rows) {
      const height = heightOf(row);
      if (y - height < MARGIN + 10) {
        gridLines(pen, timeline, rowsTop, y);
        // A long schedule takes a while to draw: let other requests be answered between its pages.
        await nextTurn();
        pen.page = newPage();
        write(pen, `${label} (continued)`, MARGIN, A3_LANDSCAPE.height - MARGIN, 10, pen.bold, MUTED);
        rowsTop = y = headings(pen, timeline, A3_LANDSCAPE.height - MARGIN - 20);
      }
      drawRow(pen, row, y, timeline);
      y -= height;
    }
    gridLines(pen, timeline, rowsTop, y);
  }
  numberPages(doc, pen.regular, label, MARGIN, MUTED);
  return doc.save({ objectsPerTick: OBJECTS_PER_TICK });
}
