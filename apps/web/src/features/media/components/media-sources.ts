import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';

/** A card image that has not loaded after this long gives way to the branded placeholder (spec 1 §9). */
export const MEDIA_IMAGE_TIMEOUT_MS = 5000;
/** Card images start loading this close to the viewport (spec 1 §9). */
export const LAZY_IMAGE_MARGIN_PX = 50;

type PreviewFields = Pick<MediaItemDto, 'type' | 'variants' | 'viewUrl' | 'originalUrl'>;

function distinct(sources: Array<string | undefined>): string[] {
  return [...new Set(sources.filter((source): source is string => Boolean(source)))];
}

/**
 * What a card tries to show, in order (spec 1 §8): images the JPEG variant, the original, then the
 * fallback address; videos their poster. Documents show their name instead.
 */
export function previewSources(item: PreviewFields): string[] {
  const { variants } = item;
  if (item.type === 'image') {
    return distinct([
      variants.thumbnail_jpg ?? variants.thumbnail_jpeg ?? variants.medium_jpg,
      item.viewUrl,
      item.originalUrl,
    ]);
  }
  if (item.type === 'video') return distinct([variants.poster_jpg, variants.thumbnail_jpg]);
  return [];
}

/** A video length as m:ss or h:mm:ss. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
