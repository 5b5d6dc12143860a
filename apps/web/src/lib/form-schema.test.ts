import { describe, expect, it } from 'vitest';
import { typedNumber } from './form-schema.ts';

describe('typedNumber', () => {
  it('reads amounts and quantities written with thousands separators', () => {
    expect(typedNumber('1,234,567.89')).toBe(1_234_567.89);
    expect(typedNumber(' 38,500 ')).toBe(38_500);
    expect(typedNumber('1,000')).toBe(1000);
    expect(typedNumber('2500.5')).toBe(2500.5);
  });

  it('is undefined for nothing typed and NaN for what is no number, never a guess', () => {
    expect(typedNumber('  ')).toBeUndefined();
    expect(typedNumber('1,5')).toBeNaN();
    expect(typedNumber('12,34,567')).toBeNaN();
    expect(typedNumber('abc')).toBeNaN();
  });
});
