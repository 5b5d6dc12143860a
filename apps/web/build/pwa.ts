import type { VitePWAOptions } from 'vite-plugin-pwa';
import { THUMBNAIL_CACHE } from '../src/lib/offline/offline-caches.ts';

/** The brand colour of the icon and the header's theme. */
const THEME_COLOR = '#2563eb';

/**
 * The installable app: the manifest at /manifest.webmanifest and a Workbox service worker at /sw.js
 * that precaches the app shell and every screen's chunk, so the app opens with no network at all.
 * API answers are not cached by the worker: the persisted query cache keeps what a screen needs
 * (lib/offline), per user and cleared at sign-out, which a shared HTTP cache could not do. The one
 * exception is the thumbnails (and video posters) of recent media, kept so logs read offline show
 * their pictures: keyed without their short-lived token, bounded, and deleted by the app at sign-out.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  // Registered by the app itself once the page has loaded (lib/offline/register-service-worker.ts).
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Trowel',
    short_name: 'Trowel',
    description: 'Trowel construction project management',
    lang: 'en-NG',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell, every lazy screen's chunk and the styles; not the .br/.gz copies beside them.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // Client routes open index.html from the cache; /api (files, the API docs) never does.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    // One self-contained file at /sw.js: no hashed workbox runtime beside it to keep in step.
    inlineWorkboxRuntime: true,
    sourcemap: false,
    runtimeCaching: [
      {
        // Serialised into /sw.js: the functions below may use nothing from this file.
        urlPattern: ({ url }) =>
          url.pathname.startsWith('/api/') &&
          url.pathname.endsWith('/view') &&
          /^(thumbnail_|poster_)/.test(url.searchParams.get('variant') ?? ''),
        handler: 'CacheFirst',
        options: {
          cacheName: THUMBNAIL_CACHE.name,
          expiration: {
            maxEntries: THUMBNAIL_CACHE.maxEntries,
            maxAgeSeconds: THUMBNAIL_CACHE.maxAgeSeconds,
            purgeOnQuotaError: true,
          },
          cacheableResponse: { statuses: [200] },
          plugins: [
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
        },
      },
    ],
  },
};
