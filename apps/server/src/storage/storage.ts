import type { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
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
}
