import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth a compressed copy; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text asset of the
 * build over 1 KB, once at build time, for the server to send to clients that accept them. A copy
 * that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'trowel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the other plugins' closing work (the service worker is written then), one file at a time.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const source = fs.readFileSync(file);
          if (source.length < MIN_BYTES) continue;
          const brotli = zlib.brotliCompressSync(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          const gzip = zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
          if (brotli.length < source.length) fs.writeFileSync(`${file}.br`, brotli);
          if (gzip.length < source.length) fs.writeFileSync(`${file}.gz`, gzip);
        }
      },
    },
  };
}
