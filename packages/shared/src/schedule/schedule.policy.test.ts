import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.ts';
import { lookAheadCoversEveryProject, mayReadTaskNotes } from './schedule.policy.ts';

describe('the schedule policy', () => {
  it.each(ROLES)(
    '%s: task notes in exports for staff only; the look-ahead of every project for those who run them all',
    (role) => {
      expect(mayReadTaskNotes({ role })).toBe(role !== 'client' && role !== 'vendor');
      expect(lookAheadCoversEveryProject({ role })).toBe(
        ['admin', 'project_manager', 'quantity_surveyor', 'accountant'].includes(role),
      );
    },
  );
});
