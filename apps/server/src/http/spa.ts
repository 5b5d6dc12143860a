import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

/**
 * Serves the built web app: hashed assets cached for a year; index.html, the service worker (/sw.js)
 * and the manifest (/manifest.webmanifest) revalidated on every visit, so a release reaches
 * installed apps; and index.html for any other GET outside /api so client routes survive a reload.
 * Text assets go as the brotli or gzip copy the build wrote beside them (apps/web/build/precompress.ts)
 * when the client accepts it, with Vary: Accept-Encoding and the original file's Content-Type.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(index);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasSpa && wantsPage && url !== '/api' && !url.startsWith('/api/') && !path.extname(url)) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return sendError(reply, 404, 'NOT_FOUND', `Not found: ${request.method} ${url}`);
  });
}
