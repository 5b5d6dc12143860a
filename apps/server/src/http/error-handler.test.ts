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
