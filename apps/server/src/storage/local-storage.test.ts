import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStorage } from './local-storage.ts';

const roots: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true }));
});

function storageRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-storage-'));
  roots.push(root);
  return root;
}

const everyFile = (root: string) =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

/** A body refused as soon as it ends, before the temporary file is open: an empty upload of a type check. */
function refusedAtOnce(): Readable {
  const refuse = new Transform({
    transform: (chunk, _encoding, callback) => callback(null, chunk),
    flush: (callback) => callback(new Error('File type not allowed')),
  });
  return Readable.from([]).pipe(refuse);
}

describe('local storage', () => {
  it('keeps a file under its key and leaves no temporary file', async () => {
    const root = storageRoot();
    const storage = localStorage(root);
    await expect(storage.put('logs/a.txt', Readable.from([Buffer.from('hello')]))).resolves.toEqual({
      size: 5,
    });
    expect(everyFile(root)).toEqual(['logs/a.txt']);
  });

  it('leaves nothing behind when the body fails before its temporary file is open', async () => {
    const root = storageRoot();
    const storage = localStorage(root);
    // A busy server opens files late: the body is refused (an empty upload of a type check) first.
    const open = fs.open;
    vi.spyOn(fs, 'open').mockImplementation(((...args: Parameters<typeof fs.open>) => {
      setTimeout(() => (open as (...rest: unknown[]) => void)(...args), 20);
    }) as typeof fs.open);
    await expect(storage.put('logs/a.png', refusedAtOnce())).rejects.toThrow('File type not allowed');
    vi.restoreAllMocks();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(everyFile(root)).toEqual([]);
  });
});
