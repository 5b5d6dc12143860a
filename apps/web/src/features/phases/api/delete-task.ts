import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { phasePaths } from './paths.ts';

export function deleteTask(projectId: string, phaseId: string, taskId: string): Promise<OkMessage> {
  return api.delete<OkMessage>(phasePaths.task(projectId, phaseId, taskId));
}
