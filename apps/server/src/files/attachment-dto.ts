import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import type { AttachmentRow } from '../db/schema.ts';
import { signFileToken } from './file-token.ts';

/** What a file token of this attachment opens: the file and its variants. */
export const attachmentScope = (id: string) => `attachment:${id}`;

type PathFields = Pick<AttachmentRow, 'id' | 'kind' | 'projectId' | 'phaseId' | 'taskId'>;

/** Where an attachment's view and download hang: below its task, under /media, /rfqs/attachments or /attachments. */
export function attachmentPath(row: PathFields): string {
  if (row.kind === 'task') {
    return `/api/projects/${row.projectId}/phases/${row.phaseId}/tasks/${row.taskId}/attachments/${row.id}`;
  }
  if (row.kind === 'rfq' || row.kind === 'quote') return `/api/rfqs/attachments/${row.id}`;
  return row.kind === 'media' ? `/api/media/${row.id}` : `/api/attachments/${row.id}`;
}

/** A stored file as answers carry it: links signed for an hour, variants as links of their own. */
export function toAttachmentDto(row: AttachmentRow, secret: string): AttachmentDto {
  const base = attachmentPath(row);
  const token = signFileToken(secret, attachmentScope(row.id));
  const viewUrl = `${base}/view?token=${token}`;
  const variants: Record<string, string> = {};
  if (row.status === 'ready') {
    for (const name of Object.keys(row.variants ?? {})) variants[name] = `${viewUrl}&variant=${name}`;
  }
  return {
    id: row.id,
    originalName: row.originalName,
    filename: row.storageKey.split('/').pop() ?? row.id,
    mimeType: row.mimeType,
    size: row.size,
    status: row.status as AttachmentDto['status'],
    variants,
    url: viewUrl,
    viewUrl,
    downloadUrl: `${base}/download?token=${token}`,
    originalUrl: viewUrl,
    projectId: row.projectId,
    isClientVisible: row.isClientVisible,
    phaseId: row.phaseId,
    taskId: row.taskId,
    duration: row.duration,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}
