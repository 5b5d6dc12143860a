import fs from 'node:fs';
import zlib from 'node:zlib';
import tar from 'tar-stream';

export interface ArchiveEntry {
  name: string;
  /** `file` for a regular file; anything else is refused by the reader's caller. */
  type: string;
  size: number;
  /** Read it before asking for the next entry; what is left unread is skipped. */
  body: AsyncIterable<Buffer>;
}

/** Whether the file starts as gzip does: a backup may have been compressed after it was written. */
async function isGzip(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** The entries of a tar archive (plain or gzip-compressed), in order. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const input = fs.createReadStream(file);
  const fail = (error: Error) => extract.destroy(error);
  input.on('error', fail);
  if (await isGzip(file)) {
    const gunzip = zlib.createGunzip();
    gunzip.on('error', fail);
    input.pipe(gunzip).pipe(extract);
  } else {
    input.pipe(extract);
  }
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      yield { name, type, size, body: entry as AsyncIterable<Buffer> };
      // An entry the caller left unread is skipped.
      entry.resume();
    }
  } finally {
    input.destroy();
  }
}
