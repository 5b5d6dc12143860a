import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import type { TaskAttachmentsAnswer } from '@trowel/shared/projects/phase.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { phasePaths } from './paths.ts';

/** Uploads up to 5 files to a task (multipart field `attachments`). */
export async function uploadTaskAttachments(
  projectId: string,
  phaseId: string,
  taskId: string,
  files: readonly File[],
  isClientVisible = false,
): Promise<AttachmentDto[]> {
  const form = new FormData();
  form.append('isClientVisible', String(isClientVisible));
  for (const file of files) form.append('attachments', file);
  const { attachments } = await apiRequest<TaskAttachmentsAnswer>(
    phasePaths.attachments(projectId, phaseId, taskId),
    { method: 'POST', body: form },
  );
  return attachments;
}
