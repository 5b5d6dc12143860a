// The baseline of the image pipeline: the server's own variant function, called directly in this process
// on photos already on disk, `concurrency` at a time, with nothing around it (no upload, storage or jobs).
import sharp from 'sharp';
import { makeImageVariants } from '@trowel/server/src/media-processing/image-variants.ts';

export interface RawSharpRun {
  concurrency: number;
  images: number;
  ms: number;
  imagesPerSecond: number;
  /** Time of one image, its four variants made, in ms. */
  perImageMs: { median: number; p90: number; max: number };
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  if (fraction === 0.5 && sorted.length % 2 === 0) {
    return (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  }
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/**
 * Makes the four variants of every file, `concurrency` files at a time, as the server's job does. libvips'
 * operation cache is off here so that a photo met again in a later run is decoded again like a new one
 * (the server never sees a file twice).
 */
export async function rawSharp(files: readonly string[], concurrency: number): Promise<RawSharpRun> {
  sharp.cache(false);
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < files.length; index = next++) {
        const begun = performance.now();
        const result = await makeImageVariants(files[index]!);
        if (result.variants.length !== 4)
          throw new Error(`${files[index]}: ${result.variants.length} variants`);
        times.push(performance.now() - begun);
      }
    }),
  );
  const ms = performance.now() - started;
  return {
    concurrency,
    images: files.length,
    ms,
    imagesPerSecond: files.length / (ms / 1000),
    perImageMs: { median: percentile(times, 0.5), p90: percentile(times, 0.9), max: Math.max(...times) },
  };
}
