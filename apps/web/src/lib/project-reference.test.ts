import { describe, expect, it } from 'vitest';
import { projectReference } from './project-reference.ts';

describe('projectReference', () => {
  it('takes the first 8 hex digits of the id, upper-cased', () => {
    expect(projectReference('1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d')).toBe('PRJ-1A2B3C4D');
  });
});
