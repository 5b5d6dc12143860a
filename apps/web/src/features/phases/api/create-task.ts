import type { CreateTaskInput, TaskAnswer } from '@trowel/shared/projects/phase.schemas.ts';
import type { TaskDto } from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { phasePaths } from './paths.ts';

/** Adds a task to a phase (the phase editor saves tasks in order, then refreshes the project once). */
export async function createTask(
  projectId: string,
  phaseId: string,
  body: CreateTaskInput,
): Promise<TaskDto> {
  const { task } = await api.post<TaskAnswer>(phasePaths.tasks(projectId, phaseId), body);
  return task;
}
