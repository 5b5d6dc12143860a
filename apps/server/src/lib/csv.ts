/** A CSV cell: quoted, and text never read as a formula by a spreadsheet (a number stays a number: -3). */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A line of CSV cells, ended as RFC 4180 ends it. */
export const csvLine = (cells: ReadonlyArray<string | number | null>) =>
  `${cells.map(csvCell).join(',')}\r\n`;
