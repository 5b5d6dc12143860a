import type { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
}

export interface ListedFile extends StoredFile {
  key: string;
}

/** Where uploaded files live: local disk by default; an object store when configured. */
export interface FileStorage {
  /** Streams a body to `key`; the file appears only once fully written. */
  put(key: string, body: Readable): Promise<StoredFile>;
  /** A stream of the file, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** A local path for tools that need one (sharp, ffmpeg); call the returned release when done. */
  localPath(key: string): Promise<{ path: string; release: () => Promise<void> }>;
  /** Every stored file with its size, in no set order (backups read them all). */
  list(): AsyncIterable<ListedFile>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Whether `key` is a relative path of letters, digits, `.`, `_`, `-` and `/` with no `..`. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

/** Throws unless `key` is safe; every storage implementation checks keys through this one rule. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}
