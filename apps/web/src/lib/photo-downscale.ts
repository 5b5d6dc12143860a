import { PHOTO_DOWNSCALE } from '@trowel/shared/media/media.schemas.ts';

export interface PhotoLimits {
  maxBytes: number;
  maxSide: number;
  quality: number;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * Camera photos only: JPEG and WebP re-encode to JPEG without visible change. PNG (drawings,
 * screenshots with text), GIF (animation) and anything the browser may not decode are sent as they are.
 */
const PHOTO_TYPES = ['image/jpeg', 'image/webp'];

/** Whether the file is a photo that may be downscaled once its size in pixels is known. */
export function isDownscalablePhoto(file: Pick<File, 'type'>): boolean {
  return PHOTO_TYPES.includes(file.type.toLowerCase());
}

/**
 * The size to downscale a photo to, or null to send it as it is: photos over `maxBytes`, or whose
 * longest side is over `maxSide`, are redrawn with the longest side at most `maxSide`.
 */
export function downscaleTarget(
  file: Pick<File, 'type' | 'size'>,
  pixels: Size,
  limits: PhotoLimits = PHOTO_DOWNSCALE,
): Size | null {
  if (!isDownscalablePhoto(file) || pixels.width <= 0 || pixels.height <= 0) return null;
  const longest = Math.max(pixels.width, pixels.height);
  if (file.size <= limits.maxBytes && longest <= limits.maxSide) return null;
  const scale = Math.min(1, limits.maxSide / longest);
  return {
    width: Math.max(1, Math.round(pixels.width * scale)),
    height: Math.max(1, Math.round(pixels.height * scale)),
  };
}

function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

async function encodeJpeg(bitmap: ImageBitmap, target: Size, quality: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(target.width, target.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, target.width, target.height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = target.width;
  canvas.height = target.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, target.width, target.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * The photo redrawn within the limits as a JPEG (EXIF orientation applied), or the file itself when
 * it is small enough, is not a photo, cannot be decoded here, or would not get smaller.
 */
export async function downscalePhoto(file: File, limits: PhotoLimits = PHOTO_DOWNSCALE): Promise<File> {
  if (!isDownscalablePhoto(file) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const target = downscaleTarget(file, bitmap, limits);
    if (!target) return file;
    const blob = await encodeJpeg(bitmap, target, limits.quality);
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    // Not decodable in this browser (e.g. a damaged file): the server gets the original.
    return file;
  } finally {
    bitmap?.close();
  }
}

/** The files to upload: large photos downscaled unless the person chose to send originals. */
export async function preparePhotos(files: readonly File[], sendOriginal: boolean): Promise<File[]> {
  if (sendOriginal) return [...files];
  const prepared: File[] = [];
  // One at a time: a phone decoding five 12-megapixel photos at once can run out of memory.
  for (const file of files) prepared.push(await downscalePhoto(file));
  return prepared;
}
