import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The brand colour of the icon and the header's theme. */
const THEME_COLOR = '#2563eb';

/**
 * The installable app: the manifest at /manifest.webmanifest and a Workbox service worker at /sw.js
 * (src/service-worker/sw.ts; it also shows Web Push notices)
 * that precaches the app shell and every screen's chunk, so the app opens with no network at all.
 * API answers are not cached by the worker: the persisted query cache keeps what a screen needs
 * (lib/offline), per user and cleared at sign-out, which a shared HTTP cache could not do. The one
 * exception is the thumbnails (and video posters) of recent media, kept so logs read offline show
 * their pictures: keyed without their short-lived token, bounded, and deleted by the app at sign-out.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
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
  // The worker is src/service-worker/sw.ts: Workbox's precache and routes as before, and the
  // handlers that show a Web Push notice and open its link when tapped.
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  injectManifest: {
    // The shell, every lazy screen's chunk and the styles; not the .br/.gz copies beside them.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    sourcemap: false,
  },
};
