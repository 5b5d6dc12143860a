import type { Metadata } from 'sharp';
import { loadSharp } from './load-sharp.ts';
import { MediaProcessingError } from './errors.ts';

export type ImageVariantName = 'thumbnail_webp' | 'thumbnail_jpg' | 'medium_webp' | 'medium_jpg';

interface ImageVariantSpec {
  /** The box both sides are fitted inside; smaller images are never enlarged. */
  longestSide: number;
  format: 'webp' | 'jpeg';
  mime: string;
  extension: string;
}

export const IMAGE_VARIANTS = {
  thumbnail_webp: { longestSide: 320, format: 'webp', mime: 'image/webp', extension: 'webp' },
  thumbnail_jpg: { longestSide: 320, format: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  medium_webp: { longestSide: 1280, format: 'webp', mime: 'image/webp', extension: 'webp' },
  medium_jpg: { longestSide: 1280, format: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
} as const satisfies Record<ImageVariantName, ImageVariantSpec>;

/**
 * 120 megapixels: above every phone's default output (12–50 MP binned) and the 108 MP full-resolution
 * modes; the opt-in 200 MP modes of a few phones are refused. Measured here: a 108 MP baseline JPEG
 * takes 0.4 s and 160 MB (it is shrunk while decoding), a 120 MP PNG 0.25 s and 165 MB.
 */
export const DEFAULT_MAX_INPUT_PIXELS = 120_000_000;

/**
 * Some inputs must be decoded whole before they can be shrunk (interlaced PNG, progressive JPEG, WebP,
 * GIF): then memory follows pixels × channels × bytes per sample. Measured: a 1.4 MB interlaced 16-bit
 * RGBA PNG of 120 MP peaks at 1.2 GB. This cap (at most 512 MB of decoded pixels) only bites for
 * 16-bit images, whose pixel limit it lowers (to 67 MP for RGBA); 8-bit images meet the pixel limit first.
 */
const MAX_DECODED_BYTES = 512 * 1024 * 1024;

/**
 * Tuned for phones on slow networks. WebP effort 2 encodes ~2.5× faster than the default 4 for
 * 1–3% more bytes (measured on 1280 px photos); effort 3 and up are where libwebp's slow analysis starts.
 */
const WEBP_OPTIONS = { quality: 78, effort: 2 } as const;
const JPEG_OPTIONS = { quality: 80, mozjpeg: true } as const;

/** Decoders we accept; anything else (SVG, PDF, raw camera files) is refused before decoding. */
const ACCEPTED_FORMATS = new Set<string>(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

export interface ImageVariant {
  name: ImageVariantName;
  mime: string;
  data: Buffer;
  width: number;
  height: number;
}

export interface ImageVariantsResult {
  /** The original's dimensions, with its EXIF orientation applied. */
  width: number;
  height: number;
  variants: ImageVariant[];
}

interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Makes the four image variants of a photo: upright (EXIF orientation applied), sRGB, every piece of
 * metadata (EXIF, GPS, XMP, ICC) dropped. The file is decoded once, shrunk to the medium size as it
 * decodes, and the four encodings share that one bitmap.
 */
export async function makeImageVariants(
  inputPath: string,
  options: { maxInputPixels?: number } = {},
): Promise<ImageVariantsResult> {
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const metadata = await readCheckedMetadata(inputPath, maxInputPixels);

  const medium = await decodeToRaw(inputPath, maxInputPixels);
  // The thumbnail is shrunk from the medium bitmap (a few ms) while the slower medium encodes run.
  const [thumbnails, mediums] = await Promise.all([
    resizeRaw(medium, IMAGE_VARIANTS.thumbnail_webp.longestSide).then((thumbnail) =>
      Promise.all([encode('thumbnail_webp', thumbnail), encode('thumbnail_jpg', thumbnail)]),
    ),
    Promise.all([encode('medium_webp', medium), encode('medium_jpg', medium)]),
  ]);
  const variants = [...thumbnails, ...mediums];
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height, variants };
}

/** Reads only the header, so a decompression bomb is refused before a single pixel is decoded. */
async function readCheckedMetadata(inputPath: string, maxInputPixels: number): Promise<Metadata> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(inputPath, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw toImageError(error, maxInputPixels);
  }
  if (!ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new MediaProcessingError('INVALID_IMAGE', 'The file is not a valid image', {
      details: `format ${metadata.format}, ${metadata.width}×${metadata.height}`,
    });
  }
  const pixels = metadata.width * metadata.height;
  const bytesPerPixel = metadata.channels * bytesPerSample(metadata.depth);
  const limit = Math.min(maxInputPixels, Math.floor(MAX_DECODED_BYTES / bytesPerPixel));
  if (pixels > limit) throw tooLarge(pixels, limit);
  return metadata;
}

function bytesPerSample(depth: Metadata['depth']): number {
  switch (depth) {
    case 'uchar':
    case 'char':
      return 1;
    case 'ushort':
    case 'short':
      return 2;
    default:
      return 4; // float and wider: rare in photos, so assume the costly case
  }
}

async function decodeToRaw(inputPath: string, maxInputPixels: number): Promise<RawImage> {
  const { longestSide } = IMAGE_VARIANTS.medium_webp;
  const sharp = await loadSharp();
  try {
    return (await sharp(inputPath, { limitInputPixels: maxInputPixels, failOn: 'error', autoOrient: true })
      .resize(longestSide, longestSide, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })) as RawImage;
  } catch (error) {
    throw toImageError(error, maxInputPixels);
  }
}

async function resizeRaw(source: RawImage, longestSide: number): Promise<RawImage> {
  return (await (
    await fromRaw(source)
  )
    .resize(longestSide, longestSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })) as RawImage;
}

async function encode(name: ImageVariantName, source: RawImage): Promise<ImageVariant> {
  const spec = IMAGE_VARIANTS[name];
  let pipeline = await fromRaw(source);
  if (spec.format === 'webp') {
    pipeline = pipeline.webp(WEBP_OPTIONS);
  } else {
    // JPEG has no alpha: composite transparent areas on white rather than the encoder's black.
    if (source.info.channels === 4 || source.info.channels === 2)
      pipeline = pipeline.flatten({ background: '#ffffff' });
    pipeline = pipeline.jpeg(JPEG_OPTIONS);
  }
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { name, mime: spec.mime, data, width: info.width, height: info.height };
}

async function fromRaw({ data, info }: RawImage) {
  const sharp = await loadSharp();
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

function tooLarge(pixels: number, maxInputPixels: number) {
  const megapixels = (n: number) => Math.round(n / 1_000_000);
  return new MediaProcessingError(
    'IMAGE_TOO_LARGE',
    `The image is too large to process (${megapixels(pixels)} megapixels; the limit is ${megapixels(maxInputPixels)})`,
  );
}

function toImageError(error: unknown, maxInputPixels: number): Error {
  const message = error instanceof Error ? error.message : String(error);
  // A missing file is our fault (storage), not the uploader's: let the job retry and the logs say so.
  if (message.startsWith('Input file is missing')) return error instanceof Error ? error : new Error(message);
  if (message.includes('exceeds pixel limit')) {
    const limit = Math.round(maxInputPixels / 1_000_000);
    return new MediaProcessingError(
      'IMAGE_TOO_LARGE',
      `The image is too large to process (the limit is ${limit} megapixels)`,
      { details: message, cause: error },
    );
  }
  return new MediaProcessingError('INVALID_IMAGE', 'The file is not a valid image', {
    details: message,
    cause: error,
  });
}
