import { DEFAULT_FILE_MAX_BYTES, VIDEO_FILE_MAX_BYTES } from '@trowel/shared/files/attachment.schemas.ts';
import { describe, expect, it } from 'vitest';
import {
  checkFiles,
  DEFAULT_FILE_RULES,
  fileProblems,
  formatFileSize,
  TOO_MANY_FILES,
} from './file-checks.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('fileProblems', () => {
  it("accepts by extension, exact media type or wildcard, else says 'File type must be ...'", () => {
    const rules = { accept: ['.pdf', 'image/png', 'video/*'], maxFiles: 5, maxBytes: 10_000 };
    expect(fileProblems(file('plan.PDF', ''), rules)).toEqual([]);
    expect(fileProblems(file('a.png', 'image/png'), rules)).toEqual([]);
    expect(fileProblems(file('clip.mov', 'video/quicktime'), rules)).toEqual([]);
    expect(fileProblems(file('photo.jpg', 'image/jpeg'), rules)).toEqual([
      'File type must be one of .pdf, image/png, video/*',
    ]);
    expect(fileProblems(file('photo.jpg', 'image/jpeg'), { ...rules, accept: ['image/png'] })).toEqual([
      'File type must be image/png',
    ]);
  });

  it("gives 'File is larger than N bytes' and 'File is smaller than N bytes'", () => {
    const rules = { maxFiles: 5, maxBytes: 2000, minBytes: 10 };
    expect(fileProblems(file('a.pdf', 'application/pdf', 2001), rules)).toEqual([
      'File is larger than 2000 bytes',
    ]);
    expect(fileProblems(file('a.pdf', 'application/pdf', 9), rules)).toEqual([
      'File is smaller than 10 bytes',
    ]);
    expect(fileProblems(file('a.pdf', 'application/pdf', 2000), rules)).toEqual([]);
  });

  it('allows 10 MB for photos and documents by default, and more for videos', () => {
    const over = DEFAULT_FILE_MAX_BYTES + 1;
    expect(fileProblems(file('slab.jpg', 'image/jpeg', over), DEFAULT_FILE_RULES)).toEqual([
      `File is larger than ${DEFAULT_FILE_MAX_BYTES} bytes`,
    ]);
    expect(fileProblems(file('boq.xlsx', '', over), DEFAULT_FILE_RULES)).toHaveLength(1);
    expect(fileProblems(file('pour.mp4', 'video/mp4', over), DEFAULT_FILE_RULES)).toEqual([]);
    expect(fileProblems(file('pour.MOV', '', over), DEFAULT_FILE_RULES)).toEqual([]);
    expect(fileProblems(file('pour.mp4', 'video/mp4', VIDEO_FILE_MAX_BYTES + 1), DEFAULT_FILE_RULES)).toEqual(
      [`File is larger than ${VIDEO_FILE_MAX_BYTES} bytes`],
    );
  });
});

describe('checkFiles', () => {
  it("adds good files up to 5 in all and refuses the rest as 'Too many files'", () => {
    const chosen = Array.from({ length: 4 }, (_, index) => file(`p${index}.jpg`, 'image/jpeg'));
    const { accepted, rejected } = checkFiles(chosen, 2, DEFAULT_FILE_RULES);
    expect(accepted.map((f) => f.name)).toEqual(['p0.jpg', 'p1.jpg', 'p2.jpg']);
    expect(rejected).toEqual([{ file: chosen[3], errors: [TOO_MANY_FILES] }]);
  });

  it('refuses a file that is too large without using up room for the others', () => {
    const big = file('huge.jpg', 'image/jpeg', DEFAULT_FILE_MAX_BYTES + 1);
    const small = file('small.jpg', 'image/jpeg');
    const { accepted, rejected } = checkFiles([big, small], 4, DEFAULT_FILE_RULES);
    expect(accepted).toEqual([small]);
    expect(rejected).toEqual([
      { file: big, errors: [`File is larger than ${DEFAULT_FILE_MAX_BYTES} bytes`] },
    ]);
  });
});

describe('formatFileSize', () => {
  it('words sizes in B, KB, MB and GB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1_572_864)).toBe('1.5 MB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
