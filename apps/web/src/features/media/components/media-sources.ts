import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { imageSourceChain, videoPosterAttempts, type SourceAttempt } from '../../../lib/file-sources.ts';

/** A card image that has not loaded after this long gives way to the branded placeholder (spec 1 §9). */
export const MEDIA_IMAGE_TIMEOUT_MS = 5000;

type PreviewFields = Pick<MediaItemDto, 'type' | 'variants' | 'viewUrl'>;

/**
 * What a card tries to show, in order (spec 1 §8): images the JPEG thumbnail, the original, then a
 * fallback; videos their poster, twice, on the thumbnail timeouts. Documents show their name instead.
 */
export function previewAttempts(item: PreviewFields): SourceAttempt[] {
  if (item.type === 'image') return imageSourceChain(item, 'thumbnail').map((src) => ({ src }));
  if (item.type === 'video') return videoPosterAttempts(item);
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
