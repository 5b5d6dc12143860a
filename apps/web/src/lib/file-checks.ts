import {
  DEFAULT_FILE_MAX_BYTES,
  MAX_FILES_PER_UPLOAD,
  fileMaxBytes,
  mediaKindOf,
} from '@trowel/shared/files/attachment.schemas.ts';
import { isDownscalablePhoto, preparePhotos } from './photo-downscale.ts';
import { UserError } from './user-error.ts';

type FileFacts = Pick<File, 'name' | 'type' | 'size'>;

export interface FileRules {
  /** Extensions ('.pdf'), exact media types ('image/png') or wildcards ('image/*'); empty accepts anything. */
  accept?: readonly string[];
  /** How many files may be chosen in all. */
  maxFiles: number;
  /** Largest size in bytes, per file or one for all. */
  maxBytes: number | ((file: FileFacts) => number);
  minBytes?: number;
}

export interface FileRejection<F extends FileFacts = File> {
  file: F;
  errors: string[];
}

export const TOO_MANY_FILES = 'Too many files';

/**
 * A photo that will be shrunk in the browser may be chosen up to this size; the limit of its kind
 * applies to what is left after shrinking. Beyond it a phone would struggle to decode the picture.
 */
export const PHOTO_BEFORE_SHRINK_MAX_BYTES = 50 * 1024 * 1024;

/**
 * The drop zone defaults (spec 1 §9): 5 files; 10 MB for images and documents, more for videos.
 * While photos are shrunk before upload (no 'Send original'), a JPEG or WebP photo is measured after
 * shrinking (see prepareUploadFiles), so a 12 MB phone photo is not refused for a size it will not have.
 */
export function uploadFileRules({ shrinkPhotos }: { shrinkPhotos: boolean }): FileRules {
  return {
    maxFiles: MAX_FILES_PER_UPLOAD,
    maxBytes: (file) =>
      shrinkPhotos && isDownscalablePhoto(file) ? PHOTO_BEFORE_SHRINK_MAX_BYTES : sizeLimitOf(file),
  };
}

/** The drop zone defaults without shrinking: every file is measured as chosen. */
export const DEFAULT_FILE_RULES: FileRules = uploadFileRules({ shrinkPhotos: false });

/** A file's size limit by its kind: videos (by media type or extension) may be larger. */
export function sizeLimitOf(file: Pick<File, 'name' | 'type'>): number {
  if (file.type.startsWith('video/')) return fileMaxBytes('video');
  if (file.type.startsWith('image/')) return DEFAULT_FILE_MAX_BYTES;
  return fileMaxBytes(mediaKindOf(file.name));
}

function accepts(file: FileFacts, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((rule) => {
    const wanted = rule.trim().toLowerCase();
    if (wanted.startsWith('.')) return name.endsWith(wanted);
    if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1));
    return type === wanted;
  });
}

/** The 'File type must be ...' message for a list of accepted types. */
export function fileTypeMessage(accept: readonly string[]): string {
  return `File type must be ${accept.length > 1 ? `one of ${accept.join(', ')}` : (accept[0] ?? '')}`;
}

/** What is wrong with one file by itself: its type or its size. */
export function fileProblems(file: FileFacts, rules: FileRules): string[] {
  const problems: string[] = [];
  if (rules.accept && !accepts(file, rules.accept)) problems.push(fileTypeMessage(rules.accept));
  const maxBytes = typeof rules.maxBytes === 'function' ? rules.maxBytes(file) : rules.maxBytes;
  if (file.size > maxBytes) problems.push(`File is larger than ${maxBytes} bytes`);
  if (rules.minBytes !== undefined && file.size < rules.minBytes) {
    problems.push(`File is smaller than ${rules.minBytes} bytes`);
  }
  return problems;
}

/**
 * Sorts newly chosen files into those that can be added next to `alreadyChosen` files and those
 * refused, each with its messages; good files past the limit are refused as 'Too many files'.
 */
export function checkFiles<F extends FileFacts>(
  chosen: readonly F[],
  alreadyChosen: number,
  rules: FileRules,
): { accepted: F[]; rejected: FileRejection<F>[] } {
  const accepted: F[] = [];
  const rejected: FileRejection<F>[] = [];
  let room = Math.max(0, rules.maxFiles - alreadyChosen);
  for (const file of chosen) {
    const errors = fileProblems(file, rules);
    if (errors.length === 0 && room === 0) errors.push(TOO_MANY_FILES);
    if (errors.length > 0) {
      rejected.push({ file, errors });
    } else {
      accepted.push(file);
      room -= 1;
    }
  }
  return { accepted, rejected };
}

/**
 * The files to upload: large photos shrunk unless 'Send original' is chosen, then each measured
 * against the limit of its kind. Throws a UserError naming the files still too large.
 */
export async function prepareUploadFiles(files: readonly File[], sendOriginal: boolean): Promise<File[]> {
  const prepared = await preparePhotos(files, sendOriginal);
  const tooLarge = prepared.flatMap((file) => {
    const limit = sizeLimitOf(file);
    return file.size > limit ? [`${file.name}: File is larger than ${limit} bytes`] : [];
  });
  if (tooLarge.length > 0) throw new UserError(tooLarge.join('; '));
  return prepared;
}

const units = ['KB', 'MB', 'GB'] as const;

/** A file size for people: '512 B', '1.5 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
