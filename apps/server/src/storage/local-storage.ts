import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type FileStorage, type ListedFile, type StoredFile } from './storage.ts';

/** Files on local disk under one root directory; writes go to a temporary name and are renamed. */
export function localStorage(root: string): FileStorage {
  fs.mkdirSync(path.join(root, '.incoming'), { recursive: true });

  function resolve(key: string) {
    assertSafeKey(key);
    return path.join(root, key);
  }

  return {
    async put(key: string, body: Readable): Promise<StoredFile> {
      const target = resolve(key);
      const temporary = path.join(root, '.incoming', randomUUID());
      const file = fs.createWriteStream(temporary, { flags: 'wx' });
      try {
        await pipeline(body, file);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(temporary, target);
      } catch (error) {
        // A body that fails at once can fail the pipeline while the file is still being opened: the
        // file is removed once the stream has closed it, or it would be created after its removal.
        if (!file.closed) await new Promise<void>((closed) => file.destroy().once('close', () => closed()));
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      const stat = await fs.promises.stat(target);
      return { size: stat.size };
    },

    async get(key: string) {
      const file = resolve(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async stat(key: string) {
      try {
        const stat = await fs.promises.stat(resolve(key));
        return { size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key: string) {
      await fs.promises.rm(resolve(key), { force: true });
    },

    async localPath(key: string) {
      return { path: resolve(key), release: async () => undefined };
    },

    list: () => listFiles(root, ''),
  };
}

/** The files under `root/prefix`, depth first; uploads still being written (`.incoming`) are not files yet. */
async function* listFiles(root: string, prefix: string): AsyncGenerator<ListedFile> {
  const entries = await fs.promises.readdir(path.join(root, prefix), { withFileTypes: true });
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (key !== '.incoming') yield* listFiles(root, key);
    } else if (entry.isFile()) {
      // A file removed since the directory was read is simply not listed.
      const stat = await fs.promises.stat(path.join(root, key)).catch(() => null);
      if (stat) yield { key, size: stat.size };
    }
  }
}
