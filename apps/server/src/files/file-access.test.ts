import { describe, expect, it } from 'vitest';
import { FILE_KINDS } from '@trowel/shared/files/attachment.schemas.ts';
import { fileAccessOf } from '../context.ts';
import { MODULES } from '../modules.ts';

const rules = fileAccessOf(MODULES);

describe('file access by kind', () => {
  it('has one rule for every kind of file, declared by the module that stores it, and nothing else', () => {
    expect(Object.keys(rules).sort()).toEqual([...FILE_KINDS].sort());
    for (const kind of FILE_KINDS) {
      expect(typeof rules[kind]?.mayOpen, kind).toBe('function');
      expect(rules[kind]!.who.length, kind).toBeGreaterThan(10);
    }
  });

  it('refuses a module list in which two modules rule the same kind', () => {
    const rule = { who: 'nobody at all', mayOpen: async () => false };
    expect(() => fileAccessOf([{ fileAccess: { task: rule } }, { fileAccess: { task: rule } }])).toThrow(
      'Files of kind task have two access rules',
    );
  });

  it('refuses a viewer who is not signed in for every kind but public avatars', async () => {
    const row = { projectId: null, dailyLogId: null, replyId: null } as never;
    for (const kind of FILE_KINDS) {
      const allowed = await rules[kind]!.mayOpen({} as never, null, row);
      expect(allowed, kind).toBe(kind === 'avatar');
    }
  });
});
