import { loadSharp } from './load-sharp.ts';
import { MediaProcessingError } from './errors.ts';

export const AVATAR_SIZE = 256;
const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

export interface AvatarVariants {
  webp: Buffer;
  jpg: Buffer;
}

/** Square avatar thumbnails (WebP and JPEG), upright, metadata dropped. */
export async function makeAvatarVariants(inputPath: string): Promise<AvatarVariants> {
  const sharp = await loadSharp();
  try {
    const base = sharp(inputPath, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' });
    return {
      webp: await base.clone().webp({ quality: 82 }).toBuffer(),
      jpg: await base.clone().jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.startsWith('Input file is missing')) throw error;
    throw new MediaProcessingError(
      'INVALID_IMAGE',
      'The file is not a valid image or is too large to process',
      { details: message, cause: error },
    );
  }
}
