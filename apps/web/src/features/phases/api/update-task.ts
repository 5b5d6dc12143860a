import type { TaskAnswer, UpdateTaskInput } from '@trowel/shared/projects/phase.schemas.ts';
import type { TaskDto } from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { phasePaths } from './paths.ts';

/** Changes a task; an assignee who is not an editor sends notes and progress only. */
export async function updateTask(
  projectId: string,
  phaseId: string,
  taskId: string,
  body: UpdateTaskInput,
): Promise<TaskDto> {
  const { task } = await api.put<TaskAnswer>(phasePaths.task(projectId, phaseId, taskId), body);
  return task;
}
