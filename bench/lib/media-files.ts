// The files the media benchmark uploads: photos generated with sharp (smooth colour fields under fine grain,
// so they compress like phone photos, a few MB at 12 MP) kept between runs in a temporary directory, and a
// video of exactly the upload limit, written as it is generated so it is never held in memory.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { findVideoTools } from '@trowel/server/src/media-processing/video-tools.ts';

/** Bump when the recipe changes, so photos cached by an older one are made again. */
const RECIPE = 'v1';
/** Grain amplitude (levels of 255) and JPEG quality: about 3.1 MB at 12 MP, as a phone's camera app writes. */
const GRAIN = 24;
const JPEG_QUALITY = 90;
/** The colour fields are a random image this many times smaller, enlarged. */
const FIELD_SCALE = 50;

export interface PhotoSet {
  dir: string;
  files: string[];
  width: number;
  height: number;
  totalBytes: number;
  /** False when the set was found complete from an earlier run. */
  generated: boolean;
  generateMs: number;
}

/** A small, seeded generator (xorshift32): the same photos on every machine. */
function randomBytesFrom(seed: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < length; index += 4) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    for (let byte = 0; byte < 4 && index + byte < length; byte++)
      bytes[index + byte] = (state >>> (byte * 8)) & 255;
  }
  return bytes;
}

async function makePhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const fieldWidth = Math.ceil(width / FIELD_SCALE);
  const fieldHeight = Math.ceil(height / FIELD_SCALE);
  const pixels = await sharp(randomBytesFrom(seed, fieldWidth * fieldHeight * 3), {
    raw: { width: fieldWidth, height: fieldHeight, channels: 3 },
  })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  const grain = randomBytesFrom(seed ^ 0x9e3779b9, pixels.length);
  for (let index = 0; index < pixels.length; index++) {
    const value = pixels[index]! + ((grain[index]! * GRAIN) >> 8) - (GRAIN >> 1);
    pixels[index] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

/**
 * `count` JPEG photos of `width`×`height` under the system's temporary directory, made once and reused by
 * later runs (a marker file says the set is complete); made `parallel` at a time.
 */
export async function photoSet(
  name: string,
  options: { count: number; width: number; height: number; parallel: number },
): Promise<PhotoSet> {
  const { count, width, height, parallel } = options;
  const dir = path.join(os.tmpdir(), `trowel-bench-media-${RECIPE}`, `${name}-${width}x${height}`);
  const files = Array.from({ length: count }, (_, index) =>
    path.join(dir, `${name}-${String(index + 1).padStart(3, '0')}.jpg`),
  );
  const marker = path.join(dir, `complete-${count}`);
  const started = performance.now();
  const generated = !fs.existsSync(marker);
  if (generated) {
    fs.mkdirSync(dir, { recursive: true });
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let index = next++; index < count; index = next++) {
          const target = files[index]!;
          if (fs.existsSync(target)) continue;
          const photo = await makePhoto(width, height, index + 1 + width * 7919);
          fs.writeFileSync(`${target}.part`, photo);
          fs.renameSync(`${target}.part`, target);
        }
      }),
    );
    fs.writeFileSync(marker, '');
  }
  const totalBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  return { dir, files, width, height, totalBytes, generated, generateMs: performance.now() - started };
}

export interface PaddedVideo {
  path: string;
  bytes: number;
  /** The playable clip at its start; the rest is one top-level `free` box, which players and ffprobe skip. */
  clipBytes: number;
  remove(): void;
}

/**
 * A real MP4 (a two-second test pattern, its index at the front) followed by one `free` box that pads it
 * to exactly `bytes`: accepted as a video by content, playable, and processed like any other video. The
 * padding is written 1 MB at a time.
 */
export async function paddedVideo(dir: string, bytes: number): Promise<PaddedVideo> {
  const { ffmpeg } = await findVideoTools();
  const clip = path.join(dir, 'clip.mp4');
  await promisify(execFile)(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'testsrc=duration=2:size=640x360:rate=25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+faststart', clip],
  ]);
  const clipData = fs.readFileSync(clip);
  fs.rmSync(clip);
  const padding = bytes - clipData.length;
  if (padding < 8 || padding >= 2 ** 32)
    throw new Error(`cannot pad a ${clipData.length}-byte clip to ${bytes}`);

  const target = path.join(dir, 'large-video.mp4');
  const handle = await fs.promises.open(target, 'w');
  try {
    await handle.write(clipData);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(padding, 0);
    header.write('free', 4, 'latin1');
    await handle.write(header);
    const zeros = Buffer.alloc(1024 * 1024);
    for (let left = padding - 8; left > 0; left -= zeros.length) {
      await handle.write(zeros, 0, Math.min(left, zeros.length));
    }
  } finally {
    await handle.close();
  }
  const written = fs.statSync(target).size;
  if (written !== bytes) throw new Error(`wrote ${written} bytes of video, not ${bytes}`);
  return {
    path: target,
    bytes,
    clipBytes: clipData.length,
    remove: () => fs.rmSync(target, { force: true }),
  };
}
