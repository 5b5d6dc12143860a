import { describe, expect, it } from 'vitest';
import { lagosLocalToIso, lagosTime, msUntilBidsCloseCheck } from './sealed-bids.ts';

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

describe("when a vendor's open page asks again", () => {
  const now = new Date('2026-11-30T10:00:00.000Z');
  const rfq = { sealed: true, openedAt: null, bidDeadline: '2026-11-30T10:05:00.000Z', canQuote: true };

  it('is just after the deadline, within what a timer can wait', () => {
    expect(msUntilBidsCloseCheck(rfq, now)).toBe(301_000);
    expect(msUntilBidsCloseCheck({ ...rfq, bidDeadline: '2027-06-30T10:00:00.000Z' }, now)).toBe(2 ** 31 - 1);
  });

  it('is again every few seconds while the server, behind the device, still takes the bid', () => {
    expect(msUntilBidsCloseCheck({ ...rfq, bidDeadline: '2026-11-30T09:59:59.000Z' }, now)).toBe(5_000);
  });

  it('is never once nothing changes by time alone', () => {
    expect(msUntilBidsCloseCheck({ ...rfq, canQuote: false }, now)).toBeNull();
    expect(msUntilBidsCloseCheck({ ...rfq, sealed: false }, now)).toBeNull();
    expect(msUntilBidsCloseCheck({ ...rfq, openedAt: '2026-11-30T10:06:00.000Z' }, now)).toBeNull();
    expect(msUntilBidsCloseCheck({ ...rfq, bidDeadline: null }, now)).toBeNull();
  });
});
