import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The parts of resumable uploads, on disk under DATA_DIR/uploads/{session id}: each request's bytes
 * are a file of their own, named by the offset they start at, renamed into place once the request
 * ended (complete or cut off: what arrived is kept). How much of an upload the server holds is the
 * run of parts that covers it from byte 0 without a gap; two requests that sent the same range leave
 * two parts with the same bytes, so nothing needs a lock and nothing is ever written over.
 */
export interface PartStore {
  /** Bytes held from the start, without a gap. */
  offset(id: string): Promise<number>;
  /** How many parts are kept (a person cannot make the server keep thousands). */
  count(id: string): Promise<number>;
  /** Writes what `body` brings from `start`, at most `limit` bytes; answers how many were kept. */
  write(id: string, start: number, body: Readable, limit: number): Promise<PartWritten>;
  /** The first `length` bytes, read across the parts. */
  head(id: string, length: number): Promise<Buffer>;
  /** The whole upload, `size` bytes, as one stream. */
  assemble(id: string, size: number): Readable;
  remove(id: string): Promise<void>;
  /** Ids of every session that has parts on disk (the clean-up looks for ones without a row). */
  sessions(): Promise<Array<{ id: string; modifiedAt: Date }>>;
}

export interface PartWritten {
  kept: number;
  /** The body went on past `limit` (the part is not kept). */
  tooLong: boolean;
  /** The body ended early (connection cut): `kept` bytes of it are kept. */
  cut: boolean;
}

interface Part {
  file: string;
  start: number;
  length: number;
}

const PART = /^(\d{15})-[0-9a-f-]{36}\.part$/;
const SESSION_ID = /^[0-9a-f-]{36}$/;

/** Stops a body at `limit` bytes, marking that it went past. */
class Limit extends Transform {
  seen = 0;
  overflowed = false;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.overflowed = true;
      return callback(new Error('part too long'));
    }
    callback(null, chunk);
  }
}

export function partStore(root: string): PartStore {
  const dir = (id: string) => {
    if (!SESSION_ID.test(id)) throw new Error(`Not an upload id: ${id}`);
    return path.join(root, id);
  };

  async function parts(id: string): Promise<Part[]> {
    let names: string[];
    try {
      names = await fsp.readdir(dir(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found: Part[] = [];
    for (const name of names) {
      const match = PART.exec(name);
      if (!match) continue;
      const file = path.join(dir(id), name);
      // The length is the file's, not a name's claim: a part cut short by a crash counts what it holds.
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && stat.size > 0) found.push({ file, start: Number(match[1]), length: stat.size });
    }
    return found.sort((a, b) => a.start - b.start || b.length - a.length);
  }

  /** The parts that make the upload from byte 0, each with where its new bytes begin. */
  function chain(all: readonly Part[]): Array<Part & { skip: number }> {
    const used: Array<Part & { skip: number }> = [];
    let covered = 0;
    for (const part of all) {
      if (part.start > covered) break;
      const end = part.start + part.length;
      if (end <= covered) continue;
      used.push({ ...part, skip: covered - part.start });
      covered = end;
    }
    return used;
  }

  const coveredBy = (used: ReadonlyArray<Part & { skip: number }>) => {
    const last = used.at(-1);
    return last ? last.start + last.length : 0;
  };

  return {
    async offset(id) {
      return coveredBy(chain(await parts(id)));
    },

    async count(id) {
      return (await parts(id)).length;
    },

    async write(id, start, body, limit) {
      await fsp.mkdir(dir(id), { recursive: true });
      const name = `${String(start).padStart(15, '0')}-${randomUUID()}`;
      const temporary = path.join(dir(id), `${name}.tmp`);
      const limiter = new Limit(limit);
      let cut = false;
      try {
        await pipeline(body, limiter, fs.createWriteStream(temporary));
      } catch (error) {
        if (limiter.overflowed) {
          await fsp.rm(temporary, { force: true });
          return { kept: 0, tooLong: true, cut: false };
        }
        // The request ended before its body did: what reached the disk is kept.
        cut = true;
        if (!(await fsp.stat(temporary).catch(() => null))) throw error;
      }
      const { size } = await fsp.stat(temporary);
      if (size === 0) {
        await fsp.rm(temporary, { force: true });
        return { kept: 0, tooLong: false, cut };
      }
      await fsp.rename(temporary, path.join(dir(id), `${name}.part`));
      return { kept: size, tooLong: false, cut };
    },

    async head(id, length) {
      const chunks: Buffer[] = [];
      let read = 0;
      for (const part of chain(await parts(id))) {
        if (read >= length) break;
        const handle = await fsp.open(part.file, 'r');
        try {
          const wanted = Math.min(length - read, part.length - part.skip);
          const buffer = Buffer.alloc(wanted);
          const { bytesRead } = await handle.read(buffer, 0, wanted, part.skip);
          chunks.push(buffer.subarray(0, bytesRead));
          read += bytesRead;
        } finally {
          await handle.close();
        }
      }
      return Buffer.concat(chunks);
    },

    assemble(id, size) {
      const out = new PassThrough();
      void (async () => {
        const used = chain(await parts(id));
        if (coveredBy(used) < size) throw new Error(`Upload ${id} is missing bytes`);
        for (const part of used) {
          const end = Math.min(part.start + part.length, size);
          const from = part.start + part.skip;
          if (from >= end) continue;
          await pipeline(
            fs.createReadStream(part.file, { start: part.skip, end: part.skip + (end - from) - 1 }),
            out,
            { end: false },
          );
        }
        out.end();
      })().catch((error: unknown) => out.destroy(error as Error));
      return out;
    },

    async remove(id) {
      await fsp.rm(dir(id), { recursive: true, force: true });
    },

    async sessions() {
      let names: string[];
      try {
        names = await fsp.readdir(root);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const found: Array<{ id: string; modifiedAt: Date }> = [];
      for (const name of names) {
        if (!SESSION_ID.test(name)) continue;
        const stat = await fsp.stat(path.join(root, name)).catch(() => null);
        if (stat?.isDirectory()) found.push({ id: name, modifiedAt: stat.mtime });
      }
      return found;
    },
  };
}
