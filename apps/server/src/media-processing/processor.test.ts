import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from '../lib/background-priority.ts';
import { MediaProcessingError } from './errors.ts';
import { createMediaProcessor, type MediaProcessor } from './processor.ts';

const linux = fs.existsSync('/proc/self/task');
let dir: string;
let photo: string;
let processor: MediaProcessor;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trowel-processor-'));
  photo = join(dir, 'column.jpg');
  await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#b45309' } })
    .jpeg()
    .toFile(photo);
  processor = createMediaProcessor();
});
afterAll(async () => {
  await processor.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Fields of /proc/<pid>/stat after the command name: state is [0], session [3], nice [16]. */
function statFields(path: string) {
  const text = fs.readFileSync(path, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

describe('the media processor', () => {
  it('makes the variants of a photo in a process of its own', async () => {
    const result = await processor.image(photo);
    expect(result).toMatchObject({ width: 2000, height: 1500 });
    const sizes = Object.fromEntries(result.variants.map((v) => [v.name, [v.width, v.height]]));
    expect(sizes).toEqual({
      thumbnail_webp: [320, 240],
      thumbnail_jpg: [320, 240],
      medium_webp: [1280, 960],
      medium_jpg: [1280, 960],
    });
    for (const variant of result.variants) {
      expect(Buffer.isBuffer(variant.data)).toBe(true);
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe(variant.mime === 'image/webp' ? 'webp' : 'jpeg');
    }
    expect(processor.pid).toBeTypeOf('number');
    expect(processor.pid).not.toBe(process.pid);
  });

  it.skipIf(!linux)(
    'runs below everything else: every thread at the lowest priority, in a session of its own',
    async () => {
      await processor.image(photo);
      const pid = processor.pid!;
      const tids = fs.readdirSync(`/proc/${pid}/task`);
      expect(tids.length).toBeGreaterThan(1);
      for (const tid of tids) {
        expect(Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16])).toBe(BACKGROUND_NICENESS);
      }
      expect(statFields(`/proc/${pid}/stat`)[3]).not.toBe(statFields('/proc/self/stat')[3]);
      if (
        fs.existsSync(`/proc/${pid}/autogroup`) &&
        fs.readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1'
      ) {
        expect(fs.readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(/nice 19/);
        expect(fs.readFileSync('/proc/self/autogroup', 'utf8')).not.toMatch(/nice 19/);
      }
    },
  );

  it('answers a bad file with the reason and code it failed with', async () => {
    const corrupt = join(dir, 'broken.jpg');
    await writeFile(
      corrupt,
      Buffer.concat([(await fs.promises.readFile(photo)).subarray(0, 300), Buffer.alloc(2000, 7)]),
    );
    const error = await processor.image(corrupt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaProcessingError);
    expect(error).toMatchObject({
      code: 'INVALID_IMAGE',
      retryable: false,
      message: 'The file is not a valid image',
    });
    const avatar = await processor.avatar(corrupt).catch((e: unknown) => e);
    expect(avatar).toMatchObject({ code: 'INVALID_IMAGE', retryable: false });
  });

  it('fails what it was doing when it dies, and starts again for the next task', async () => {
    await processor.image(photo);
    const first = processor.pid!;
    const inFlight = processor.image(photo);
    process.kill(first, 'SIGKILL');
    const error = await inFlight.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MediaProcessingError);
    expect((error as Error).message).toMatch(/The media processor stopped/);
    const again = await processor.avatar(photo);
    expect((await sharp(again.webp).metadata()).width).toBe(256);
    expect(processor.pid).not.toBe(first);
  });

  it('ends its process when stopped', async () => {
    const own = createMediaProcessor();
    await own.image(photo);
    const pid = own.pid!;
    await own.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    expect(own.pid).toBeUndefined();
  });
});
