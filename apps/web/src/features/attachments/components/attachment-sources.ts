import { mediaKindOf, type AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';

export type AttachmentKind = 'image' | 'video' | 'document';

type SourceFields = Pick<AttachmentDto, 'mimeType' | 'originalName' | 'variants' | 'viewUrl'>;

/** Image, video or other document: by media type when it says, else by the file name. */
export function attachmentKind(attachment: Pick<AttachmentDto, 'mimeType' | 'originalName'>): AttachmentKind {
  if (attachment.mimeType.startsWith('image/')) return 'image';
  if (attachment.mimeType.startsWith('video/')) return 'video';
  return mediaKindOf(attachment.originalName);
}

function distinct(sources: Array<string | undefined>): string[] {
  return [...new Set(sources.filter((source): source is string => Boolean(source)))];
}

/** Sources to try in the viewer, in order: the JPEG variant, then the original file. */
export function viewerImageSources(attachment: SourceFields): string[] {
  const { variants } = attachment;
  return distinct([
    variants.medium_jpg ?? variants.thumbnail_jpg ?? variants.thumbnail_jpeg,
    attachment.viewUrl,
  ]);
}

/** Sources to try for a small tile, in order: the JPEG thumbnail, then the original file. */
export function thumbnailImageSources(attachment: SourceFields): string[] {
  const { variants } = attachment;
  return distinct([
    variants.thumbnail_jpg ?? variants.thumbnail_jpeg ?? variants.medium_jpg,
    attachment.viewUrl,
  ]);
}
