import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';
import { preloadScreen } from './build/preload-screen.ts';
import { pwaOptions } from './build/pwa.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  // The sign-in screen is loaded before the first render of a visit without a session: listed in
  // index.html so its chunk comes with the entry's.
  plugins: [
    react(),
    tailwindcss(),
    preloadScreen('/src/app/routes/login.tsx'),
    VitePWA(pwaOptions),
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only what the sign-in screen needs is grouped into chunks every page loads; other libraries
        // (radix menus and dialogs, floating-ui, most icons) follow the lazy screens that use them.
        codeSplitting: {
          // Small pieces shared by lazy screens (an icon, a badge, a formatter) go inside each screen's
          // chunk rather than into chunks of their own: a signed-in first load would otherwise wait on
          // some twenty small requests, six at a time on a phone's HTTP/1.1 connections.
          experimentalInlineCommonChunks: { maxSize: 10_000 },
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 20,
            },
            {
              // Charts are used by the reports screen only: kept out of the chunk every page loads.
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3)[\\/]/,
              priority: 15,
            },
            {
              // What every screen needs besides React: server state and toasts.
              name: 'vendor',
              test: /node_modules[\\/](@tanstack|sonner)[\\/]/,
              priority: 10,
            },
            {
              // Forms and their schemas: the sign-in screen and the editing screens, not the dashboard.
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
});
