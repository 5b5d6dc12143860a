import { DEFAULT_FILE_MAX_BYTES, VIDEO_FILE_MAX_BYTES } from '@trowel/shared/files/attachment.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from './api-client.ts';
import {
  checkFiles,
  DEFAULT_FILE_RULES,
  fileProblems,
  formatFileSize,
  PHOTO_BEFORE_SHRINK_MAX_BYTES,
  prepareUploadFiles,
  TOO_MANY_FILES,
  uploadFileRules,
} from './file-checks.ts';
import { UserError } from './user-error.ts';

afterEach(() => vi.unstubAllGlobals());

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

const MB = 1024 * 1024;

/** A File of `size` bytes without holding them. */
function sized(name: string, type: string, size: number): File {
  const result = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(result, 'size', { value: size });
  return result;
}

/** A browser that decodes a 4000 × 3000 photo and encodes it again as a JPEG of `encodedBytes`. */
function stubCanvas(encodedBytes: number) {
  vi.stubGlobal('createImageBitmap', async () => ({ width: 4000, height: 3000, close: () => {} }));
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      getContext() {
        return { drawImage: () => {}, imageSmoothingQuality: 'low' };
      }
      async convertToBlob() {
        return new Blob([new Uint8Array(encodedBytes)], { type: 'image/jpeg' });
      }
    },
  );
}

describe('uploadFileRules', () => {
  it('lets a JPEG or WebP photo that will be shrunk past 10 MB when chosen, but not a PNG', () => {
    const rules = uploadFileRules({ shrinkPhotos: true });
    expect(fileProblems(file('phone.jpg', 'image/jpeg', 12 * MB), rules)).toEqual([]);
    expect(fileProblems(file('phone.webp', 'image/webp', 12 * MB), rules)).toEqual([]);
    expect(fileProblems(file('plan.png', 'image/png', 12 * MB), rules)).toEqual([
      `File is larger than ${DEFAULT_FILE_MAX_BYTES} bytes`,
    ]);
    expect(fileProblems(file('huge.jpg', 'image/jpeg', PHOTO_BEFORE_SHRINK_MAX_BYTES + 1), rules)).toEqual([
      `File is larger than ${PHOTO_BEFORE_SHRINK_MAX_BYTES} bytes`,
    ]);
  });

  it("measures photos as chosen when 'Send original' is chosen", () => {
    expect(
      fileProblems(file('phone.jpg', 'image/jpeg', 12 * MB), uploadFileRules({ shrinkPhotos: false })),
    ).toEqual([`File is larger than ${DEFAULT_FILE_MAX_BYTES} bytes`]);
  });
});

describe('prepareUploadFiles', () => {
  it('shrinks a 12 MB phone photo, then finds it within 10 MB', async () => {
    stubCanvas(2 * MB);
    const [prepared] = await prepareUploadFiles([sized('phone.jpg', 'image/jpeg', 12 * MB)], false);
    expect(prepared).toMatchObject({ name: 'phone.jpg', type: 'image/jpeg', size: 2 * MB });
  });

  it('refuses, naming the file, a photo still over 10 MB: sent as original, or not shrinkable here', async () => {
    stubCanvas(2 * MB);
    const photo = sized('phone.jpg', 'image/jpeg', 12 * MB);
    const refusal = prepareUploadFiles([photo], true);
    await expect(refusal).rejects.toBeInstanceOf(UserError);
    await expect(refusal).rejects.toThrow(`phone.jpg: File is larger than ${DEFAULT_FILE_MAX_BYTES} bytes`);

    vi.unstubAllGlobals();
    vi.stubGlobal('createImageBitmap', undefined);
    const failure = await prepareUploadFiles([photo], false).catch((error: unknown) => error);
    expect(errorMessage(failure, 'Failed to upload media file')).toBe(
      `phone.jpg: File is larger than ${DEFAULT_FILE_MAX_BYTES} bytes`,
    );
  });

  it('passes files within their limits as they are', async () => {
    const pdf = sized('boq.pdf', 'application/pdf', 3 * MB);
    const video = sized('pour.mp4', 'video/mp4', 200 * MB);
    await expect(prepareUploadFiles([pdf, video], false)).resolves.toEqual([pdf, video]);
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
