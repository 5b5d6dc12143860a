import { describe, expect, it } from 'vitest';
import { FILE_KINDS } from '@trowel/shared/files/attachment.schemas.ts';
import { FILE_ACCESS, type FileAccessRules } from './file-access.ts';

describe('file access by kind', () => {
  it('has a rule for every kind of file, and nothing else', () => {
    expect(Object.keys(FILE_ACCESS).sort()).toEqual([...FILE_KINDS].sort());
    for (const kind of FILE_KINDS) {
      expect(typeof FILE_ACCESS[kind].mayOpen, kind).toBe('function');
      expect(FILE_ACCESS[kind].who.length, kind).toBeGreaterThan(10);
    }
  });

  it('does not type-check a registry that leaves a kind out', () => {
    const { avatar: _avatar, ...withoutAvatar } = FILE_ACCESS;
    // @ts-expect-error -- the avatar kind has no rule
    const incomplete: FileAccessRules = withoutAvatar;
    expect(Object.keys(incomplete)).not.toContain('avatar');
  });

  it('refuses a viewer who is not signed in for every kind but public avatars', async () => {
    const row = { projectId: null, dailyLogId: null, replyId: null } as never;
    for (const kind of FILE_KINDS) {
      const allowed = await FILE_ACCESS[kind].mayOpen({} as never, null, row);
      expect(allowed, kind).toBe(kind === 'avatar');
    }
  });
});
