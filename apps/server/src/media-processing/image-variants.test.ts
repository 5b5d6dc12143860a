import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaProcessingError } from './errors.ts';
import { makeImageVariants, type ImageVariant } from './image-variants.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'image-variants-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeInput(name: string, data: Buffer | Sharp) {
  const path = join(dir, name);
  await writeFile(path, Buffer.isBuffer(data) ? data : await data.toBuffer());
  return path;
}

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

const variant = (variants: ImageVariant[], name: ImageVariant['name']) => {
  const found = variants.find((v) => v.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

/** A PNG whose header claims width × height; its pixel data is one row, so it costs nothing to make. */
function pngClaiming(width: number, height: number, bitDepth: number, colourType: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectRefusal(promise: Promise<unknown>, code: string, message: string | RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaProcessingError);
  expect((error as MediaProcessingError).code).toBe(code);
  expect((error as MediaProcessingError).message).toMatch(message);
}

describe('makeImageVariants', () => {
  it('makes WebP and JPEG thumbnails (320) and mediums (1280) of a 12 MP photo', async () => {
    const input = await writeInput('photo.jpg', solid(4000, 3000, '#4a7a2c').jpeg());

    const result = await makeImageVariants(input);

    expect(result).toMatchObject({ width: 4000, height: 3000 });
    expect(result.variants.map((v) => [v.name, v.mime, v.width, v.height])).toEqual([
      ['thumbnail_webp', 'image/webp', 320, 240],
      ['thumbnail_jpg', 'image/jpeg', 320, 240],
      ['medium_webp', 'image/webp', 1280, 960],
      ['medium_jpg', 'image/jpeg', 1280, 960],
    ]);
    for (const v of result.variants) {
      const metadata = await sharp(v.data).metadata();
      expect(metadata.format).toBe(v.mime === 'image/webp' ? 'webp' : 'jpeg');
      expect([metadata.width, metadata.height]).toEqual([v.width, v.height]);
      expect(metadata.space).toBe('srgb');
    }
    expect(variant(result.variants, 'medium_jpg').data.subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
    expect(variant(result.variants, 'medium_webp').data.toString('latin1', 8, 12)).toBe('WEBP');
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Red on top as stored; orientation 6 means "turn 90° clockwise to view", which puts red on the right.
    const redTopBlueBottom = solid(400, 300, '#0000ff').composite([
      { input: { create: { width: 400, height: 150, channels: 3, background: '#ff0000' } }, top: 0, left: 0 },
    ]);
    const stored = await redTopBlueBottom.jpeg().toBuffer();
    const input = await writeInput('sideways.jpg', sharp(stored).jpeg().withMetadata({ orientation: 6 }));
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const result = await makeImageVariants(input);

    expect(result).toMatchObject({ width: 300, height: 400 });
    const medium = variant(result.variants, 'medium_jpg');
    expect([medium.width, medium.height]).toEqual([300, 400]);
    const { data, info } = await sharp(medium.data).raw().toBuffer({ resolveWithObject: true });
    const red = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(red(290, 200)).toBeGreaterThan(200);
    expect(red(10, 200)).toBeLessThan(50);
    expect((await sharp(medium.data).metadata()).orientation).toBeUndefined();
  });

  it('drops EXIF, GPS, XMP and ICC metadata and converts to sRGB', async () => {
    const input = await writeInput(
      'tagged.jpg',
      solid(800, 600, '#336699')
        .toColourspace('cmyk')
        .jpeg()
        .withExif({
          IFD0: { Make: 'TestPhone', Copyright: 'Someone' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '6/1 27/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '3/1 23/1 0/1',
          },
        })
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
        ),
    );
    const original = await sharp(input).metadata();
    expect(original.exif?.includes('TestPhone')).toBe(true);
    expect(original.xmp).toBeDefined();
    expect(original.space).toBe('cmyk');

    const { variants } = await makeImageVariants(input);

    for (const v of variants) {
      const metadata = await sharp(v.data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.space).toBe('srgb');
      expect(metadata.channels).toBe(3);
    }
  });

  it('converts a Display P3 photo (as iPhones shoot) to sRGB numbers before dropping its profile', async () => {
    const srgbGreen = { r: 40, g: 200, b: 60 };
    const input = await writeInput(
      'p3.png',
      sharp({ create: { width: 64, height: 64, channels: 3, background: srgbGreen } })
        .png()
        .withIccProfile('p3'),
    );
    const stored = await sharp(input, { ignoreIcc: true }).raw().toBuffer();
    expect(stored[0]).toBeGreaterThan(80); // the same green, in P3's numbers

    const { variants } = await makeImageVariants(input);

    const medium = await sharp(variant(variants, 'medium_webp').data).raw().toBuffer();
    expect(medium[0]).toBeGreaterThanOrEqual(srgbGreen.r - 3);
    expect(medium[0]).toBeLessThanOrEqual(srgbGreen.r + 3);
    expect(medium[1]).toBeGreaterThanOrEqual(srgbGreen.g - 3);
  });

  it('never enlarges a small image', async () => {
    const input = await writeInput('small.png', solid(200, 100, '#999999').png());

    const result = await makeImageVariants(input);

    expect(result).toMatchObject({ width: 200, height: 100 });
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([
      [200, 100],
      [200, 100],
      [200, 100],
      [200, 100],
    ]);
  });

  it('keeps transparency in WebP and puts it on white in JPEG', async () => {
    const halfTransparent = sharp({
      create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    }).composite([
      {
        input: { create: { width: 300, height: 400, channels: 4, background: '#cc0000ff' } },
        left: 0,
        top: 0,
      },
    ]);
    const input = await writeInput('logo.png', halfTransparent.png());

    const { variants } = await makeImageVariants(input);

    expect((await sharp(variant(variants, 'medium_webp').data).metadata()).hasAlpha).toBe(true);
    const jpg = await sharp(variant(variants, 'medium_jpg').data).raw().toBuffer({ resolveWithObject: true });
    expect(jpg.info.channels).toBe(3);
    const pixel = (x: number, y: number) => [...jpg.data.subarray((y * 600 + x) * 3, (y * 600 + x) * 3 + 3)];
    for (const channel of pixel(500, 200)) expect(channel).toBeGreaterThan(245);
    expect(pixel(100, 200)[0]).toBeGreaterThan(180);
  });

  it('refuses files that are not images, or are broken', async () => {
    const text = await writeInput('notes.jpg', Buffer.from('Concrete pour moved to Friday.\n'));
    const garbage = await writeInput(
      'garbage.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]),
    );
    const whole = await solid(1200, 900, '#808080').jpeg().toBuffer();
    const truncated = await writeInput('truncated.jpg', whole.subarray(0, whole.length >> 1));
    const svg = await writeInput(
      'drawing.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    );

    for (const path of [text, garbage, truncated, svg]) {
      await expectRefusal(makeImageVariants(path), 'INVALID_IMAGE', 'The file is not a valid image');
    }
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = await writeInput('bomb.png', pngClaiming(20_000, 20_000, 1, 0));
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    });

    await expectRefusal(
      makeImageVariants(bomb),
      'IMAGE_TOO_LARGE',
      'The image is too large to process (400 megapixels; the limit is 120)',
    );
  });

  it('holds 16-bit images to a lower pixel limit, since they can need 8 bytes a pixel to decode', async () => {
    const deep = await writeInput('deep.png', pngClaiming(9_000, 9_000, 16, 6));

    await expectRefusal(
      makeImageVariants(deep),
      'IMAGE_TOO_LARGE',
      'The image is too large to process (81 megapixels; the limit is 67)',
    );
  });

  it('takes a lower pixel limit when asked', async () => {
    const input = await writeInput('limit.jpg', solid(4000, 3000, '#000000').jpeg());

    await expectRefusal(
      makeImageVariants(input, { maxInputPixels: 10_000_000 }),
      'IMAGE_TOO_LARGE',
      '(12 megapixels; the limit is 10)',
    );
  });
});
