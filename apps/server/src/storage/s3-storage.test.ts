import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, type S3Config } from '../config.ts';
import { createStorage } from './create-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

const MB = 1024 * 1024;
const BUCKET = 'trowel-test';
const PREFIX = 'uploads';

/** Deterministic bytes in 64 KiB chunks; throws `failAfter` bytes in when given. */
function generatedBody(size: number, failAfter?: number): Readable {
  async function* chunks() {
    let sent = 0;
    for (let index = 0; sent < size; index += 1) {
      if (failAfter !== undefined && sent >= failAfter) throw new Error('client went away');
      const length = Math.min(64 * 1024, size - sent);
      yield Buffer.alloc(length, index % 251);
      sent += length;
    }
  }
  return Readable.from(chunks());
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Records the names of the S3 commands every client sends from now on. */
function recordCommands() {
  const send = vi.spyOn(S3Client.prototype, 'send');
  return () => send.mock.calls.map(([command]) => command.constructor.name);
}

let server: S3rver;
let directory: string;
let config: S3Config;
let storage: FileStorage;
let client: S3Client;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  config = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    prefix: PREFIX,
  };
  storage = s3Storage(config);
  client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    credentials: config.credentials,
    forcePathStyle: true,
  });
});

afterAll(async () => {
  client?.destroy();
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('s3Storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('streams a multi-part upload and reads the same bytes back', async () => {
    const size = 20 * MB + 12_345;
    const expected = await sha256(generatedBody(size));
    const sent = recordCommands();

    expect(await storage.put('media/big.bin', generatedBody(size))).toEqual({ size });

    expect(sent()).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(await storage.stat('media/big.bin')).toEqual({ size });
    const stream = await storage.get('media/big.bin');
    expect(stream).not.toBeNull();
    expect(await sha256(stream!)).toBe(expected);
  });

  it('stores a small file with a single request, under the prefix', async () => {
    const sent = recordCommands();
    expect(await storage.put('notes/a.txt', Readable.from([Buffer.from('hello')]))).toEqual({
      size: 5,
    });
    expect(sent()).toEqual(['PutObjectCommand']);
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/notes/a.txt` }));
    expect(head.ContentLength).toBe(5);
    expect(await read((await storage.get('notes/a.txt'))!)).toBe('hello');

    expect(await storage.put('notes/empty.txt', Readable.from([]))).toEqual({ size: 0 });
    expect(await storage.stat('notes/empty.txt')).toEqual({ size: 0 });
  });

  it('answers null for a missing key', async () => {
    expect(await storage.get('nothing/here.txt')).toBeNull();
    expect(await storage.stat('nothing/here.txt')).toBeNull();
  });

  it('deletes idempotently', async () => {
    await storage.put('notes/gone.txt', Readable.from([Buffer.from('bye')]));
    await storage.delete('notes/gone.txt');
    expect(await storage.stat('notes/gone.txt')).toBeNull();
    await expect(storage.delete('notes/gone.txt')).resolves.toBeUndefined();
  });

  it('downloads to a temporary local path that release removes', async () => {
    await storage.put('media/photo.jpg', Readable.from([Buffer.from('not really a jpeg')]));

    const local = await storage.localPath('media/photo.jpg');

    expect(local.path.startsWith(os.tmpdir())).toBe(true);
    expect(path.basename(local.path)).toBe('photo.jpg');
    expect(fs.readFileSync(local.path, 'utf8')).toBe('not really a jpeg');
    await local.release();
    expect(fs.existsSync(local.path)).toBe(false);
    expect(fs.existsSync(path.dirname(local.path))).toBe(false);
  });

  it('lists the files under its prefix with their sizes, and nothing else in the bucket', async () => {
    const listing = s3Storage({ ...config, prefix: 'listing' });
    await listing.put('a.txt', Readable.from([Buffer.from('one')]));
    await listing.put('deep/er/b.bin', Readable.from([Buffer.from('three')]));
    await listing.put('empty.txt', Readable.from([]));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'listing-other/c.txt', Body: 'x' }));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'listing/with space.txt', Body: 'x' }));

    const listed = [];
    for await (const file of listing.list()) listed.push(file);

    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'a.txt', size: 3 },
      { key: 'deep/er/b.bin', size: 5 },
      { key: 'empty.txt', size: 0 },
    ]);
  });

  it('refuses unsafe keys before any request', async () => {
    const sent = recordCommands();
    for (const key of ['../escape.txt', '/absolute.txt', 'a/../b.txt', '.hidden', 'spaces in.txt']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.stat(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.localPath(key)).rejects.toThrow(/Unsafe storage key/);
    }
    expect(sent()).toEqual([]);
  });

  it('aborts the upload and leaves no object when the body fails midway', async () => {
    const sent = recordCommands();

    await expect(storage.put('media/broken.bin', generatedBody(30 * MB, 18 * MB))).rejects.toThrow(
      'client went away',
    );

    expect(sent()).toContain('AbortMultipartUploadCommand');
    expect(sent()).not.toContain('CompleteMultipartUploadCommand');
    expect(await storage.stat('media/broken.bin')).toBeNull();
    expect(await storage.get('media/broken.bin')).toBeNull();
  });

  it('sends nothing when the body fails within the first part', async () => {
    const sent = recordCommands();

    await expect(storage.put('media/short.bin', generatedBody(4 * MB, 1 * MB))).rejects.toThrow(
      'client went away',
    );

    expect(sent()).toEqual([]);
    expect(await storage.stat('media/short.bin')).toBeNull();
  });
});

describe('S3 configuration', () => {
  it('uses local storage unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads every S3 variable', () => {
    const s3 = loadConfig({
      S3_BUCKET: 'trowel-files',
      S3_REGION: 'eu-west-2',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'trowel/files/',
    }).s3;
    expect(s3).toEqual({
      bucket: 'trowel-files',
      region: 'eu-west-2',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'trowel/files',
    });
  });

  it('defaults the region, path style and credentials', () => {
    expect(loadConfig({ S3_BUCKET: 'trowel-files' }).s3).toEqual({
      bucket: 'trowel-files',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: undefined,
    });
  });

  it('names the variable that is wrong', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'Not A Bucket' }, /S3_BUCKET: must be a bucket name/],
      [{ S3_BUCKET: 'b3t', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: must be an http/],
      [{ S3_BUCKET: 'b3t', S3_ENDPOINT: 'ftp://minio' }, /S3_ENDPOINT: must be an http/],
      [{ S3_BUCKET: 'b3t', S3_FORCE_PATH_STYLE: 'sometimes' }, /S3_FORCE_PATH_STYLE/],
      [{ S3_BUCKET: 'b3t', S3_PREFIX: '../up' }, /S3_PREFIX: must be letters/],
      [{ S3_BUCKET: 'b3t', S3_ACCESS_KEY_ID: 'key' }, /S3_SECRET_ACCESS_KEY: must be set when/],
      [{ S3_BUCKET: 'b3t', S3_SECRET_ACCESS_KEY: 's' }, /S3_ACCESS_KEY_ID: must be set when/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });

  it('creates local storage under DATA_DIR/files without a bucket', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-local-'));
    try {
      await (
        await createStorage(loadConfig({ DATA_DIR: dataDir }))
      ).put('a.txt', Readable.from([Buffer.from('on disk')]));
      expect(fs.readFileSync(path.join(dataDir, 'files', 'a.txt'), 'utf8')).toBe('on disk');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('creates S3 storage from the configuration when a bucket is set', async () => {
    const fromConfig = await createStorage({
      ...loadConfig({ DATA_DIR: directory }),
      s3: { ...config, prefix: 'configured' },
    });
    await fromConfig.put('a.txt', Readable.from([Buffer.from('via config')]));
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'configured/a.txt' }));
    expect(head.ContentLength).toBe('via config'.length);
  });
});
