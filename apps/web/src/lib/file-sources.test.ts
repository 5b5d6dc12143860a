import { describe, expect, it } from 'vitest';
import { imageSourceChain, videoPosterAttempts, videoSources } from './file-sources.ts';

const original = '/api/attachments/a/view?token=t';
const variant = (name: string) => `${original}&variant=${name}`;
const processed = {
  viewUrl: original,
  variants: Object.fromEntries(
    ['thumbnail_jpg', 'thumbnail_webp', 'medium_jpg', 'medium_webp'].map((name) => [name, variant(name)]),
  ),
};

describe('imageSourceChain', () => {
  it('tries the JPEG variant, the original, then a WebP fallback: three different addresses', () => {
    expect(imageSourceChain(processed, 'thumbnail')).toEqual([
      variant('thumbnail_jpg'),
      original,
      variant('thumbnail_webp'),
    ]);
    expect(imageSourceChain(processed, 'medium')).toEqual([
      variant('medium_jpg'),
      original,
      variant('medium_webp'),
    ]);
  });

  it('falls back on the JPEG of the other size when there is no WebP', () => {
    const jpegOnly = {
      viewUrl: original,
      variants: { medium_jpg: variant('medium_jpg'), thumbnail_jpg: variant('thumbnail_jpg') },
    };
    expect(imageSourceChain(jpegOnly, 'medium')).toEqual([
      variant('medium_jpg'),
      original,
      variant('thumbnail_jpg'),
    ]);
    expect(
      imageSourceChain({ viewUrl: original, variants: { medium_jpg: variant('medium_jpg') } }, 'thumbnail'),
    ).toEqual([variant('medium_jpg'), original]);
  });

  it('has only the original before processing is done', () => {
    expect(imageSourceChain({ viewUrl: original, variants: {} }, 'thumbnail')).toEqual([original]);
  });
});

describe('videoPosterAttempts', () => {
  it('asks for the poster twice, for 1500 ms and then 1000 ms, the second time anew', () => {
    const poster = variant('poster_jpg');
    expect(videoPosterAttempts({ variants: { poster_jpg: poster } })).toEqual([
      { src: poster, timeoutMs: 1500 },
      { src: `${poster}&attempt=2`, timeoutMs: 1000 },
    ]);
    expect(videoPosterAttempts({ variants: {} })).toEqual([]);
  });
});

describe('videoSources', () => {
  it('plays the compressed MP4 when there is one, keeping the original at hand', () => {
    const compressed = variant('compressed_mp4');
    expect(videoSources({ viewUrl: original, variants: { compressed_mp4: compressed } })).toEqual({
      compressed,
      original,
    });
    expect(videoSources({ viewUrl: original, variants: {} })).toEqual({ compressed: undefined, original });
  });
});
