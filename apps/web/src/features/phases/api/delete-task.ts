import { api } from '../../../lib/api-client.ts';
import { phasePaths } from './paths.ts';

export function deleteTask(projectId: string, phaseId: string, taskId: string): Promise<unknown> {
  return api.delete(phasePaths.task(projectId, phaseId, taskId));
}
