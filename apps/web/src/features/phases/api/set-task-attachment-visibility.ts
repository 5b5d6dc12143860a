import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import type {
  TaskAttachmentAnswer,
  TaskAttachmentVisibilityInput,
} from '@trowel/shared/projects/phase.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { phasePaths } from './paths.ts';

/** Shows a task's file to the project's client, or hides it. */
export async function setTaskAttachmentVisibility(
  projectId: string,
  phaseId: string,
  taskId: string,
  attachmentId: string,
  isClientVisible: boolean,
): Promise<AttachmentDto> {
  const body: TaskAttachmentVisibilityInput = { isClientVisible };
  const { attachment } = await api.put<TaskAttachmentAnswer>(
    phasePaths.attachment(projectId, phaseId, taskId, attachmentId),
    body,
  );
  return attachment;
}
