import { access, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaProcessingError } from './errors.ts';
import { runTool } from './run-tool.ts';
import { compressVideo, makePoster, probeVideo } from './video-variants.ts';
import { findVideoTools, type VideoTools } from './video-tools.ts';

let dir: string;
let tools: VideoTools;
const input = (name: string) => join(dir, name);

async function ffmpeg(args: string[]) {
  const run = await runTool(tools.ffmpeg.path, ['-v', 'error', '-y', ...args], { timeoutMs: 20_000 });
  if (run.exitCode !== 0) throw new Error(`ffmpeg failed: ${run.stderrTail}`);
}

interface TestVideo {
  size: string;
  seconds: number;
  /** A 440 Hz tone. */
  audio?: boolean;
  pixelFormat?: string;
  tags?: Record<string, string>;
}

/** A test pattern, encoded fast: the input's quality does not matter. */
function testVideo(
  name: string,
  { size, seconds, audio = false, pixelFormat = 'yuv420p', tags = {} }: TestVideo,
) {
  return ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`],
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440', '-c:a', 'aac'] : []),
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', pixelFormat],
    ...Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
    input(name),
  ]);
}

async function streamsOf(path: string) {
  const args = ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path];
  const run = await runTool(tools.ffprobe.path, args, { timeoutMs: 10_000 });
  return JSON.parse(run.stdout.toString()) as {
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
    format: { tags?: Record<string, string> };
  };
}

async function expectRefusal(promise: Promise<unknown>, code: string, message: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaProcessingError);
  expect((error as MediaProcessingError).code).toBe(code);
  expect((error as MediaProcessingError).message).toBe(message);
  return error as MediaProcessingError;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'video-variants-'));
  tools = await findVideoTools();
  await Promise.all([
    testVideo('landscape.mp4', {
      size: '1920x1080',
      seconds: 3,
      audio: true,
      tags: { location: '+06.4500+003.3900/', comment: 'site 14' },
    }),
    testVideo('portrait.mp4', { size: '1080x1920', seconds: 1 }),
    testVideo('odd.mp4', { size: '321x241', seconds: 1, pixelFormat: 'yuv444p' }),
    writeFile(input('notes.mp4'), 'Concrete pour moved to Friday.\n'),
    writeFile(input('playlist.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n'),
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .jpeg()
      .toFile(input('photo.mp4')),
  ]);
  // A phone's portrait clip: stored landscape, with a display matrix telling players to turn it.
  await ffmpeg([
    '-i',
    input('portrait.mp4'),
    '-c',
    'copy',
    '-metadata:s:v:0',
    'rotate=90',
    input('turned.mp4'),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('probeVideo', () => {
  it('reads the duration and size', async () => {
    const info = await probeVideo(input('landscape.mp4'));

    expect(info.duration).toBeCloseTo(3, 1);
    expect([info.width, info.height]).toEqual([1920, 1080]);
  });

  it('answers the size a player shows, rotation applied', async () => {
    const info = await probeVideo(input('turned.mp4'));

    expect([info.width, info.height]).toEqual([1920, 1080]);
  });

  it('refuses a text file or an image named .mp4, and a playlist', async () => {
    const error = await expectRefusal(
      probeVideo(input('notes.mp4')),
      'INVALID_VIDEO',
      'The file is not a valid video',
    );
    expect(error.details).toContain('Invalid data');
    expect(error.retryable).toBe(false);
    for (const name of ['photo.mp4', 'playlist.m3u8']) {
      const refused = await expectRefusal(
        probeVideo(input(name)),
        'INVALID_VIDEO',
        'The file is not a valid video',
      );
      expect(refused.details).toContain('not on whitelist');
    }
  });
});

describe('makePoster', () => {
  it('grabs a JPEG frame, longest side 1280', async () => {
    const poster = await makePoster(input('landscape.mp4'), 3);

    expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const metadata = await sharp(poster).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1280, 720]);
  });

  it('falls back to the first frame when the duration overstates the video', async () => {
    const poster = await makePoster(input('portrait.mp4'), 60);

    const metadata = await sharp(poster).metadata();
    expect([metadata.width, metadata.height]).toEqual([720, 1280]);
  });
});

describe('compressVideo', () => {
  it('makes a 720p H.264 + AAC MP4, without location, that plays before it has downloaded', async () => {
    const output = join(dir, 'landscape-720.mp4');

    const result = await compressVideo(input('landscape.mp4'), output);

    expect(result).toEqual({ width: 1280, height: 720, size: (await stat(output)).size });
    const { streams, format } = await streamsOf(output);
    expect(streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect((await probeVideo(output)).duration).toBeCloseTo(3, 0);
    const bytes = await readFile(output);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect((await streamsOf(input('landscape.mp4'))).format.tags).toMatchObject({
      location: '+06.4500+003.3900/',
    });
    expect(Object.keys(format.tags ?? {})).not.toContain('location');
    expect(Object.keys(format.tags ?? {})).not.toContain('comment');
  });

  it('limits a portrait video by its width, and leaves out audio it does not have', async () => {
    const result = await compressVideo(input('portrait.mp4'), join(dir, 'portrait-720.mp4'));

    expect([result.width, result.height]).toEqual([720, 1280]);
    const { streams } = await streamsOf(join(dir, 'portrait-720.mp4'));
    expect(streams.map((s) => s.codec_type)).toEqual(['video']);
  });

  it('applies a phone clip rotation', async () => {
    const result = await compressVideo(input('turned.mp4'), join(dir, 'turned-720.mp4'));

    expect([result.width, result.height]).toEqual([1280, 720]);
  });

  it('never enlarges, and keeps both sides even', async () => {
    const result = await compressVideo(input('odd.mp4'), join(dir, 'odd-out.mp4'));

    expect([result.width, result.height]).toEqual([320, 240]);
  });

  it('refuses a file that is not a video and leaves no output', async () => {
    const output = join(dir, 'notes-out.mp4');

    await expectRefusal(
      compressVideo(input('notes.mp4'), output),
      'INVALID_VIDEO',
      'The file is not a valid video',
    );
    expect(await exists(output)).toBe(false);
  });

  it('kills ffmpeg when it runs out of time, keeping its stderr for the logs', async () => {
    const output = join(dir, 'slow-out.mp4');

    const error = await expectRefusal(
      compressVideo(input('landscape.mp4'), output, { timeoutMs: 150 }),
      'TIMED_OUT',
      'Processing took too long and was stopped',
    );
    expect(error.details).toContain('ffmpeg ran longer than 150 ms');
    expect(error.retryable).toBe(true);
    expect(await exists(output)).toBe(false);
  });
});
