import { api } from '../../../lib/api-client.ts';
import { phasePaths } from './paths.ts';

export function deleteTaskAttachment(
  projectId: string,
  phaseId: string,
  taskId: string,
  attachmentId: string,
): Promise<unknown> {
  return api.delete(phasePaths.attachment(projectId, phaseId, taskId, attachmentId));
}
