import { describe, expect, it } from 'vitest';
import { describeValidation } from './error-handler.ts';

const unknownKeys = (keys: string[]) =>
  describeValidation([{ keyword: 'unrecognized_keys', instancePath: '', params: { keys } }], 'body');

describe('a refusal of unknown fields', () => {
  it('names them', () => {
    expect(unknownKeys(['role', 'isAdmin'])).toBe('role, isAdmin cannot be set here');
  });

  it('names at most five, each cut to 40 characters, however many and however long they are', () => {
    const keys = ['a'.repeat(10_000), ...Array.from({ length: 999 }, (_, index) => `field${index}`)];
    const sentence = unknownKeys(keys);
    expect(sentence).toBe(
      `${'a'.repeat(40)}…, field0, field1, field2, field3 and 995 more cannot be set here`,
    );
    expect(sentence.length).toBeLessThan(300);
  });
});

describe('a refused value', () => {
  const refusal = (instancePath: string, message: string) =>
    describeValidation([{ keyword: 'custom', instancePath, params: {}, message }], 'body');

  it("is told in the schema's own words, which name what they are about, without the field's path", () => {
    expect(refusal('/items/0/quantity', 'Item quantities must be at most 1,000,000,000')).toBe(
      'Item quantities must be at most 1,000,000,000',
    );
    expect(refusal('/quantityRequested', 'Please enter a valid quantity.')).toBe(
      'Please enter a valid quantity.',
    );
  });

  it("names the field of the validator's generic words", () => {
    expect(refusal('/items/0/quantity', 'Too big: expected number to be <=5')).toBe(
      'items.0.quantity: Too big: expected number to be <=5',
    );
    expect(refusal('/notes', 'Invalid option: expected one of "a"|"b"')).toBe(
      'notes: Invalid option: expected one of "a"|"b"',
    );
  });
});
