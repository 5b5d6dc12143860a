import { THUMBNAIL_CACHE } from './offline-caches.ts';

/** Forgets the thumbnails the service worker kept for offline reading (sign-out, a lost session). */
export function clearThumbnailCache(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(THUMBNAIL_CACHE.name).catch(() => undefined);
}
