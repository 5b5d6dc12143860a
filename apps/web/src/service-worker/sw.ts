import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { THUMBNAIL_CACHE } from '../lib/offline/offline-caches.ts';
import { showPushedNotice, openNoticeLink, type PushWorkerScope } from './push-handlers.ts';

declare const self: PushWorkerScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
};

// The shell, every lazy screen's chunk and the styles (build/pwa.ts lists them), taken at install.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

// Client routes open index.html from the cache; /api (files, the API docs) never does.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

// The thumbnails and video posters of recent media, so logs read offline show their pictures.
registerRoute(
  ({ url }) =>
    url.pathname.startsWith('/api/') &&
    url.pathname.endsWith('/view') &&
    /^(thumbnail_|poster_)/.test(url.searchParams.get('variant') ?? ''),
  new CacheFirst({
    cacheName: THUMBNAIL_CACHE.name,
    plugins: [
      new ExpirationPlugin({
        maxEntries: THUMBNAIL_CACHE.maxEntries,
        maxAgeSeconds: THUMBNAIL_CACHE.maxAgeSeconds,
        purgeOnQuotaError: true,
      }),
      new CacheableResponsePlugin({ statuses: [200] }),
      {
        // The same picture whatever file token its link carries this quarter hour.
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          url.searchParams.delete('token');
          url.searchParams.delete('attempt');
          return url.href;
        },
      },
    ],
  }),
);

self.addEventListener('push', (event) => event.waitUntil(showPushedNotice(self, event.data)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNoticeLink(self, event.notification.data));
});
