import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvText } from './csv.ts';

describe('csv', () => {
  it('quotes every cell, doubles quotes and keeps a spreadsheet from reading a formula', () => {
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvCell('=SUM(A1)')).toBe(`"'=SUM(A1)"`);
    expect(csvCell(-3)).toBe('"-3"');
    expect(csvLine(['Dig', 3, null])).toBe('"Dig","3",""\r\n');
  });

  it('quotes only the cells that must be in a file of plain cells, and keeps a negative amount a number', () => {
    expect(csvText([['Materials', '-3750.00', 'a, b', null, '@x']])).toBe(
      `Materials,-3750.00,"a, b",,'@x\r\n`,
    );
  });
});
