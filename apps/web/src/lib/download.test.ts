import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="trowel-report.csv"', 'trowel-report.csv'],
    ['attachment; filename=report.csv', 'report.csv'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'Lekki%20report.csv', 'Lekki report.csv'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
