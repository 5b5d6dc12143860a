export interface Column {
  title: string;
  align?: 'left' | 'right';
}

/** Renders rows as an aligned text table. */
export function formatTable(columns: Column[], rows: string[][]): string {
  const all = [columns.map((column) => column.title), ...rows];
  const widths = columns.map((_, index) => Math.max(...all.map((row) => (row[index] ?? '').length)));
  const line = (row: string[]) =>
    columns
      .map((column, index) => {
        const cell = row[index] ?? '';
        return column.align === 'right' ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(all[0]!), rule, ...rows.map(line)].join('\n');
}
