export { MediaProcessingError, type MediaProcessingErrorCode } from './errors.ts';
export {
  DEFAULT_MAX_INPUT_PIXELS,
  IMAGE_VARIANTS,
  makeImageVariants,
  type ImageVariant,
  type ImageVariantName,
  type ImageVariantsResult,
} from './image-variants.ts';
export {
  compressVideo,
  makePoster,
  probeVideo,
  type CompressedVideo,
  type VideoInfo,
  type VideoToolOptions,
} from './video-variants.ts';
export { findVideoTools, type VideoTool, type VideoTools } from './video-tools.ts';
