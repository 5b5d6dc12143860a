import { PHOTO_DOWNSCALE } from '@trowel/shared/media/media.schemas.ts';
import { describe, expect, it } from 'vitest';
import { downscaleTarget, isDownscalablePhoto, preparePhotos } from './photo-downscale.ts';

const MB = 1024 * 1024;
const jpeg = (size: number) => ({ type: 'image/jpeg', size });

describe('downscaleTarget', () => {
  it('leaves photos within both limits alone', () => {
    expect(downscaleTarget(jpeg(1.5 * MB), { width: 2560, height: 1440 })).toBeNull();
    expect(downscaleTarget(jpeg(PHOTO_DOWNSCALE.maxBytes), { width: 1600, height: 1200 })).toBeNull();
  });

  it('shrinks the longest side to 2560 px, keeping the proportions, landscape or portrait', () => {
    expect(downscaleTarget(jpeg(1 * MB), { width: 4000, height: 3000 })).toEqual({
      width: 2560,
      height: 1920,
    });
    expect(downscaleTarget(jpeg(6 * MB), { width: 3024, height: 4032 })).toEqual({
      width: 1920,
      height: 2560,
    });
  });

  it('re-encodes a heavy photo that is already small enough in pixels at its own size', () => {
    expect(downscaleTarget(jpeg(PHOTO_DOWNSCALE.maxBytes + 1), { width: 2000, height: 1500 })).toEqual({
      width: 2000,
      height: 1500,
    });
  });

  it('never touches drawings, animations, documents or videos', () => {
    const big = { width: 5000, height: 5000 };
    for (const type of ['image/png', 'image/gif', 'application/pdf', 'video/mp4', '']) {
      expect(downscaleTarget({ type, size: 20 * MB }, big)).toBeNull();
    }
    expect(isDownscalablePhoto({ type: 'image/webp' })).toBe(true);
    expect(isDownscalablePhoto({ type: 'IMAGE/JPEG' })).toBe(true);
  });

  it('follows the limits it is given', () => {
    const limits = { maxBytes: 100, maxSide: 1000, quality: 0.8 };
    expect(downscaleTarget(jpeg(50), { width: 3000, height: 1000 }, limits)).toEqual({
      width: 1000,
      height: 333,
    });
  });
});

describe('preparePhotos', () => {
  it("sends the very same files when 'Send original' is chosen", async () => {
    const photo = new File([new Uint8Array(10)], 'site.jpg', { type: 'image/jpeg' });
    const prepared = await preparePhotos([photo], true);
    expect(prepared[0]).toBe(photo);
  });

  it('sends files as they are where the browser cannot decode them', async () => {
    const photo = new File([new Uint8Array(10)], 'site.jpg', { type: 'image/jpeg' });
    const pdf = new File([new Uint8Array(10)], 'drawing.pdf', { type: 'application/pdf' });
    await expect(preparePhotos([photo, pdf], false)).resolves.toEqual([photo, pdf]);
  });
});
