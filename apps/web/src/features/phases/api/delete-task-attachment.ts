import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { phasePaths } from './paths.ts';

export function deleteTaskAttachment(
  projectId: string,
  phaseId: string,
  taskId: string,
  attachmentId: string,
): Promise<OkMessage> {
  return api.delete<OkMessage>(phasePaths.attachment(projectId, phaseId, taskId, attachmentId));
}
