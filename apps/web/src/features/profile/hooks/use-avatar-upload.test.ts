import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './use-avatar-upload.ts';

const MB = 1024 * 1024;

describe('avatarFileProblem', () => {
  it('accepts images up to 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 200_000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/webp', size: 5 * MB })).toBeNull();
  });

  it("refuses anything but an image as 'Invalid file type'", () => {
    expect(avatarFileProblem({ type: 'application/pdf', size: 1000 })?.title).toBe('Invalid file type');
    expect(avatarFileProblem({ type: '', size: 1000 })?.title).toBe('Invalid file type');
  });

  it("refuses images over 5 MB as 'File too large'", () => {
    expect(avatarFileProblem({ type: 'image/jpeg', size: 5 * MB + 1 })?.title).toBe('File too large');
  });
});
