/** How cells are quoted: every cell (the reports, the schedule), or only those that must be (comparisons, costs). */
export type CsvQuoting = 'always' | 'when-needed';

/**
 * A CSV cell. A text starting with =, +, -, @, tab or CR would run as a formula in a spreadsheet and is
 * prefixed with a quote; a plain number (-3, -1234.50) stays a number.
 */
export function csvCell(value: string | number | null, quoting: CsvQuoting = 'always'): string {
  const text = value === null ? '' : String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  if (quoting === 'always' || /[",\n\r]/.test(safe)) return `"${safe.replaceAll('"', '""')}"`;
  return safe;
}

/** A line of CSV cells, ended as RFC 4180 ends it. */
export const csvLine = (cells: ReadonlyArray<string | number | null>, quoting: CsvQuoting = 'always') =>
  `${cells.map((cell) => csvCell(cell, quoting)).join(',')}\r\n`;

/** Rows of cells as a CSV file, each cell quoted only when it must be. */
export const csvText = (rows: ReadonlyArray<ReadonlyArray<string | number | null>>) =>
  rows.map((row) => csvLine(row, 'when-needed')).join('');
