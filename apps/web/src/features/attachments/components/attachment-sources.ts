import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import type { MediaType } from '@trowel/shared/media/media.schemas.ts';

export type AttachmentKind = MediaType;

/**
 * Image, video or other document, as the server found it from the file's content: a media item's
 * `type`, else the media type. Never the name: a text file called photo.jpg is a document. SVG is a
 * document too, since it is only ever served as a download.
 */
export function attachmentKind(
  attachment: Pick<AttachmentDto, 'mimeType'> & { type?: MediaType | undefined },
): AttachmentKind {
  if (attachment.type) return attachment.type;
  const mimeType = attachment.mimeType.toLowerCase();
  if (mimeType.startsWith('image/') && mimeType !== 'image/svg+xml') return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  return 'document';
}
