import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csv', () => {
  it('quotes every cell, doubles quotes and keeps a spreadsheet from reading a formula', () => {
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvCell('=SUM(A1)')).toBe(`"'=SUM(A1)"`);
    expect(csvCell(-3)).toBe('"-3"');
    expect(csvLine(['Dig', 3, null])).toBe('"Dig","3",""\r\n');
  });
});
