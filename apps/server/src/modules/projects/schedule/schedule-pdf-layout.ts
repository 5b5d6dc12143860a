// The print's page, columns, colours and the pen that writes on it (see schedule-pdf.ts).
import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { fitted, printable } from '../../../lib/pdf-text.ts';

/** A3 landscape, in points. */
export const A3_LANDSCAPE = { width: 1190.55, height: 841.89 } as const;
export const MARGIN = 36;
export const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.4, 0.43, 0.48);
export const RULE = rgb(0.86, 0.88, 0.9);
export const BAND = rgb(0.95, 0.96, 0.97);
export const COLOURS = {
  critical: { fill: rgb(0.99, 0.8, 0.8), edge: rgb(0.86, 0.15, 0.15), done: rgb(0.94, 0.27, 0.27) },
  normal: { fill: rgb(0.73, 0.9, 0.99), edge: rgb(0.05, 0.65, 0.91), done: rgb(0.05, 0.65, 0.91) },
  phase: { fill: rgb(0.2, 0.25, 0.33), edge: rgb(0.2, 0.25, 0.33), done: rgb(0.06, 0.73, 0.51) },
} as const;
export const BASELINE = rgb(0.58, 0.64, 0.72);
export const TODAY = rgb(0.96, 0.62, 0.04);

export const COLUMNS = [
  { title: 'Task', width: 228, right: false },
  { title: 'Assigned to', width: 100, right: false },
  { title: 'Start', width: 62, right: false },
  { title: 'End', width: 62, right: false },
  { title: 'Days', width: 32, right: true },
  { title: 'Done', width: 34, right: true },
  { title: 'Float', width: 40, right: true },
  { title: 'Slip', width: 36, right: true },
] as const;
export const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
export const CHART_LEFT = MARGIN + TABLE_WIDTH + 14;
export const CHART_WIDTH = A3_LANDSCAPE.width - MARGIN - CHART_LEFT;
export const ROW = 15;
export const NOTE_LINE = 9;
export const MAX_NOTE_LINES = 2;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
export const shortDate = (date: string | null) =>
  date ? dateFormat.format(new Date(`${date}T00:00:00Z`)) : '';
export const signedDays = (days: number | null) =>
  days === null ? '' : days > 0 ? `+${days} d` : `${days} d`;

/** Where the print is drawn now (a new page replaces `page`) and with which fonts. */
export interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
}

/** Text at (x, y), in the characters the standard fonts have. */
export function write(
  pen: Pen,
  value: string,
  x: number,
  y: number,
  size: number,
  font: PDFFont,
  color: RGB = INK,
) {
  pen.page.drawText(printable(value), { x, y, size, font, color });
}

/** A table cell's text at size 8, cut to its column, against its left or right edge. */
export function cell(
  pen: Pen,
  value: string,
  x: number,
  y: number,
  width: number,
  right: boolean,
  font: PDFFont,
  color: RGB = INK,
) {
  const shown = fitted(value, font, 8, width - 6);
  const at = right ? x + width - 4 - font.widthOfTextAtSize(shown, 8) : x;
  pen.page.drawText(shown, { x: at, y, size: 8, font, color });
}

/** A row's cells, column by column; the first indented for a task. */
export function cells(
  pen: Pen,
  values: readonly string[],
  y: number,
  font: PDFFont,
  indent: number,
  colours: ReadonlyArray<RGB | undefined> = [],
) {
  let x = MARGIN;
  values.forEach((value, index) => {
    const column = COLUMNS[index]!;
    cell(
      pen,
      value,
      x + (index === 0 ? indent : 0),
      y,
      column.width - (index === 0 ? indent : 0),
      column.right,
      font,
      colours[index],
    );
    x += column.width;
  });
}
