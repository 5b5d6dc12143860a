export type MediaProcessingErrorCode =
  | 'INVALID_IMAGE'
  | 'IMAGE_TOO_LARGE'
  | 'INVALID_VIDEO'
  | 'PROCESSING_FAILED'
  | 'TIMED_OUT'
  | 'TOOL_UNAVAILABLE';

/** Codes where another attempt on the same file cannot succeed: the job should fail at once. */
const PERMANENT_CODES = new Set<MediaProcessingErrorCode>([
  'INVALID_IMAGE',
  'IMAGE_TOO_LARGE',
  'INVALID_VIDEO',
]);

/**
 * A media file could not be processed. `message` is written for people (safe to show as a job's
 * failure reason); `details` carries what operators need (the tool's stderr tail) and is for logs only.
 */
export class MediaProcessingError extends Error {
  override readonly name = 'MediaProcessingError';
  readonly code: MediaProcessingErrorCode;
  readonly details: string | undefined;
  /** False when the input itself is at fault, so retrying the job is pointless. */
  readonly retryable: boolean;

  constructor(
    code: MediaProcessingErrorCode,
    message: string,
    options: { details?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.retryable = !PERMANENT_CODES.has(code);
  }
}
