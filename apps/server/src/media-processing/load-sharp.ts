import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) loads on first use: a process that never resizes an image (an API process with
 * the worker elsewhere, or one that has not met an image yet) does not carry its 30 MB.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
