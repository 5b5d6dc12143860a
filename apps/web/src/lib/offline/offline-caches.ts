/**
 * The thumbnails of recent media kept by the service worker for offline reading: the cache's name
 * (the app deletes it at sign-out), how many it keeps and for how long.
 */
export const THUMBNAIL_CACHE = {
  name: 'trowel-thumbnails',
  maxEntries: 400,
  maxAgeSeconds: 7 * 24 * 3600,
} as const;
