import { z } from 'zod';

export const ATTACHMENT_STATUSES = ['processing', 'ready', 'failed'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/**
 * What a stored file belongs to. Each kind has its own access rule on the server (a kind without one
 * does not type-check); a module that stores files of a new kind adds it here with its rule.
 */
export const ATTACHMENT_KINDS = [
  'task',
  'log',
  'reply',
  'media',
  'budget',
  'rfq',
  'quote',
  'change_order',
  'delivery',
  'invoice',
] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Every kind of file the server serves: the attachments above, and profile pictures. */
export const FILE_KINDS = [...ATTACHMENT_KINDS, 'avatar'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The variants background processing makes, by name, with the type each is served as. */
export const FILE_VARIANTS = {
  thumbnail_webp: { mime: 'image/webp', extension: 'webp' },
  thumbnail_jpg: { mime: 'image/jpeg', extension: 'jpg' },
  medium_webp: { mime: 'image/webp', extension: 'webp' },
  medium_jpg: { mime: 'image/jpeg', extension: 'jpg' },
  poster_jpg: { mime: 'image/jpeg', extension: 'jpg' },
  compressed_mp4: { mime: 'video/mp4', extension: 'mp4' },
} as const;
export type FileVariantName = keyof typeof FILE_VARIANTS;

/** Other names the spec uses for a variant: `thumbnail_jpeg` is the JPEG thumbnail. */
export const VARIANT_ALIASES = { thumbnail_jpeg: 'thumbnail_jpg' } as const satisfies Record<
  string,
  FileVariantName
>;
export const VARIANT_QUERY_NAMES = [
  ...(Object.keys(FILE_VARIANTS) as FileVariantName[]),
  ...(Object.keys(VARIANT_ALIASES) as Array<keyof typeof VARIANT_ALIASES>),
];

/** The variant a query name stands for. */
export function variantNamed(name: (typeof VARIANT_QUERY_NAMES)[number]): FileVariantName {
  return name in VARIANT_ALIASES
    ? VARIANT_ALIASES[name as keyof typeof VARIANT_ALIASES]
    : (name as FileVariantName);
}

/**
 * A stored file as every feature answers it; viewUrl and downloadUrl carry a short-lived file token,
 * and `url` (the spec's name for where a file opens) is viewUrl.
 */
export const attachmentDto = z.object({
  id: z.string(),
  originalName: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  status: z.enum(ATTACHMENT_STATUSES),
  variants: z.record(z.string(), z.string()),
  url: z.string(),
  viewUrl: z.string(),
  downloadUrl: z.string(),
  originalUrl: z.string(),
  projectId: z.string().nullable(),
  phaseId: z.string().nullable(),
  taskId: z.string().nullable(),
  duration: z.number().nullable(),
  uploadedBy: z.string().nullable(),
  /** Whether the project's client sees the file (task files, logs' and media's as their own flag says). */
  isClientVisible: z.boolean(),
  createdAt: z.string(),
});
export type AttachmentDto = z.infer<typeof attachmentDto>;

/** Per-file limit for images and documents, in bytes. */
export const DEFAULT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 5;

/** The media kind of a file name, by extension (the spec's rule for the upload screen). */
export function mediaKindOf(fileName: string): 'image' | 'video' | 'document' {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (['jpg', 'jpeg', 'png', 'gif', 'webp'].includes(extension)) return 'image';
  if (['mp4', 'mov', 'avi', 'mkv'].includes(extension)) return 'video';
  return 'document';
}

/** Per-file limit for videos, in bytes (phones record large files; the server compresses them). */
export const VIDEO_FILE_MAX_BYTES = 500 * 1024 * 1024;

/** The per-file size limit of a file, by its kind. */
export function fileMaxBytes(kind: 'image' | 'video' | 'document'): number {
  return kind === 'video' ? VIDEO_FILE_MAX_BYTES : DEFAULT_FILE_MAX_BYTES;
}
