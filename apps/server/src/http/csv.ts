/**
 * A CSV cell: quoted only when it must be. A text starting with =, +, -, @, tab or CR would run as a
 * formula in a spreadsheet and is prefixed with a quote; a plain number (−1234.50) is left as it is.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells as a CSV file (CRLF line ends, as spreadsheets expect). */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
