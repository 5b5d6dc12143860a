import { z } from 'zod';
import { attachmentDto } from '../files/attachment.schemas.ts';
import { pageQuery, keysetPaginationDto } from '../http/pagination.ts';
import { ok, okList } from '../http/envelope.ts';
import { formBoolean } from '../http/form-boolean.ts';

export const MEDIA_TYPES = ['image', 'video', 'document'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Validation titles and messages of the upload panel (spec 1 §5). */
export const MEDIA_MESSAGES = {
  noFiles: { title: 'No files selected', description: 'Please select at least one file to upload.' },
  noProject: { title: 'Project not selected', description: 'Please select a project for the media.' },
} as const;

/** New media is visible to the project's client only when the uploader says so. */
export const MEDIA_CLIENT_VISIBLE_DEFAULT = false;

/** Media cards per page on the media screen. */
export const MEDIA_PAGE_SIZE = 24;

const booleanField = formBoolean;

/** The text fields of every media upload (multipart; the file or files come alongside). */
export const uploadMediaFields = z.object({
  projectId: z.uuid({ error: `${MEDIA_MESSAGES.noProject.title}: ${MEDIA_MESSAGES.noProject.description}` }),
  description: z.string().trim().max(2000, 'Description must be at most 2,000 characters').optional(),
  isClientVisible: booleanField.default(MEDIA_CLIENT_VISIBLE_DEFAULT),
});
export type UploadMediaFields = z.output<typeof uploadMediaFields>;

export const listMediaQuery = pageQuery(MEDIA_PAGE_SIZE).extend({
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
  type: z
    .enum(['all', ...MEDIA_TYPES], { error: 'type must be all, image, video or document' })
    .default('all'),
  /** Opaque position after the previous page (pagination.nextCursor). */
  cursor: z.string().max(200).optional(),
});
export type ListMediaQuery = z.infer<typeof listMediaQuery>;

/** A project media file: an attachment with the fields of the media screen. */
export const mediaItemDto = attachmentDto.extend({
  type: z.enum(MEDIA_TYPES),
  description: z.string().nullable(),
  isClientVisible: z.boolean(),
  uploadDate: z.string(),
  uploaderName: z.string().nullable(),
  projectTitle: z.string().nullable(),
  /** Why processing failed, when it did. */
  failureReason: z.string().nullable(),
  /** Poll GET /media/status/{processingId} while status is processing. */
  processingId: z.string().nullable(),
  /** Whether the signed-in user may delete this item. */
  canDelete: z.boolean(),
});
export type MediaItemDto = z.infer<typeof mediaItemDto>;

export const processingResultDto = z.object({
  processingId: z.string(),
  mediaId: z.string(),
  originalName: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
});
export type ProcessingResult = z.infer<typeof processingResultDto>;

export const mediaPaginationDto = keysetPaginationDto;

/** Client-side polling of a batch (spec 1 §4): first after 3 s, then every 2 s, 3 s after a failed check. */
export const PROCESSING_POLL = {
  firstDelayMs: 3000,
  intervalMs: 2000,
  afterErrorMs: 3000,
  maxAttempts: 30,
} as const;

/** Photos above this many bytes or this longest side are downscaled in the browser unless the original is chosen. */
export const PHOTO_DOWNSCALE = { maxBytes: 2 * 1024 * 1024, maxSide: 2560, quality: 0.85 } as const;

// Answers
export const mediaListAnswer = okList('media', mediaItemDto, mediaPaginationDto);
export const mediaUploadAnswer = ok({
  processingResults: z.array(processingResultDto),
  media: z.array(mediaItemDto),
});
export const mediaVariantsAnswer = ok({ status: z.string(), variants: z.record(z.string(), z.string()) });

// What the web app reads from those answers.
export type MediaListAnswer = z.output<typeof mediaListAnswer>;
export type MediaUploadAnswer = z.output<typeof mediaUploadAnswer>;
export type MediaVariantsAnswer = z.output<typeof mediaVariantsAnswer>;
