import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';

type SourceFields = Pick<AttachmentDto, 'variants' | 'viewUrl'>;

/** Pictures start loading this close to the viewport (spec 1 §9). */
export const LAZY_IMAGE_MARGIN_PX = 50;

/** One address to try for a picture, with how long it may take before the next is tried. */
export interface SourceAttempt {
  src: string;
  timeoutMs?: number | undefined;
}

/** A small tile or the full-screen viewer. */
export type PictureSize = 'thumbnail' | 'medium';

/** Per size: the JPEG variants in order of preference, then what serves as the fallback source. */
const VARIANT_ORDER = {
  thumbnail: {
    jpeg: ['thumbnail_jpg', 'thumbnail_jpeg', 'medium_jpg'],
    fallback: ['thumbnail_webp', 'medium_webp', 'medium_jpg'],
  },
  medium: {
    jpeg: ['medium_jpg', 'thumbnail_jpg', 'thumbnail_jpeg'],
    fallback: ['medium_webp', 'thumbnail_webp', 'thumbnail_jpg'],
  },
} as const satisfies Record<PictureSize, { jpeg: readonly string[]; fallback: readonly string[] }>;

/**
 * An image's addresses in the order of spec 1 §8: the JPEG variant, the original, then a fallback
 * source (the WebP variant, or the JPEG of the other size) that is neither of those; after the last
 * one the caller shows a placeholder tile.
 */
export function imageSourceChain(file: SourceFields, size: PictureSize): string[] {
  const { jpeg, fallback } = VARIANT_ORDER[size];
  const pick = (names: readonly string[], taken: readonly string[] = []) =>
    names.map((name) => file.variants[name]).find((src) => src && !taken.includes(src));
  const chain = [pick(jpeg), file.viewUrl].filter((src): src is string => Boolean(src));
  const spare = pick(fallback, chain);
  return [...new Set(spare ? [...chain, spare] : chain)];
}

/** How long each try at a video's thumbnail may take before the next; then a placeholder (spec 1 §8). */
export const VIDEO_THUMBNAIL_TIMEOUTS_MS = [1500, 1000] as const;

/**
 * A video's thumbnail tries: the server's poster, given 1500 ms, then asked for again (a new request,
 * not the stalled one) for 1000 ms. None while the video has no poster.
 */
export function videoPosterAttempts(file: Pick<AttachmentDto, 'variants'>): SourceAttempt[] {
  const poster = file.variants.poster_jpg;
  if (!poster) return [];
  return VIDEO_THUMBNAIL_TIMEOUTS_MS.map((timeoutMs, index) => ({
    src: index === 0 ? poster : `${poster}${poster.includes('?') ? '&' : '?'}attempt=${index + 1}`,
    timeoutMs,
  }));
}

/**
 * What the viewer plays: the compressed MP4 made for phones on slow networks when there is one, the
 * original otherwise (and as the fallback, or when chosen).
 */
export function videoSources(file: SourceFields): { compressed: string | undefined; original: string } {
  return { compressed: file.variants.compressed_mp4, original: file.viewUrl };
}
