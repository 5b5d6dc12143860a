import { describe, expect, it } from 'vitest';
import { lagosLocalToIso, lagosTime } from './sealed-bids.ts';

describe('a bid deadline typed in a date-and-time box', () => {
  it('is read as Lagos time whatever the device’s zone', () => {
    expect(lagosLocalToIso('2026-11-30T01:59')).toBe('2026-11-30T00:59:00.000Z');
    expect(lagosLocalToIso('2026-11-30T01:59:30')).toBe('2026-11-30T00:59:30.000Z');
    expect(lagosTime(lagosLocalToIso('2026-11-30T01:59'))).toContain('1:59');
  });

  it('hands back what is no such value, for the schema to refuse', () => {
    expect(lagosLocalToIso('')).toBe('');
    expect(lagosLocalToIso('tomorrow')).toBe('tomorrow');
    expect(lagosLocalToIso('2026-11-30T01:59Z')).toBe('2026-11-30T01:59Z');
  });
});
