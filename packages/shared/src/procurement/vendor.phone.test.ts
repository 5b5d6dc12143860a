import { describe, expect, it } from 'vitest';
import { isNigerianPhone, normaliseNigerianPhone } from './vendor.constants.ts';

describe('the Nigerian phone pattern', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['0703 123 4567', '+2347031234567'],
    ['09011112222', '+2349011112222'],
    ['0 8 1 0 0 0 0 0 0 0 0', '+2348100000000'],
  ])('accepts %s as %s', (input, stored) => {
    expect(isNigerianPhone(input)).toBe(true);
    expect(normaliseNigerianPhone(input)).toBe(stored);
  });

  it.each([
    '',
    '0803123456', // nine digits after the prefix
    '080312345678', // eleven
    '06031234567', // 6 is not a network prefix
    '08231234567', // second digit must be 0 or 1
    '2348031234567', // missing the plus
    '+44 7911 123456',
    '+234 0803 123 4567', // both prefixes
    '0803-123-4567', // dashes are not spaces
    '0803123456a',
  ])('refuses %j', (input) => {
    expect(isNigerianPhone(input)).toBe(false);
    expect(normaliseNigerianPhone(input)).toBeNull();
  });
});
