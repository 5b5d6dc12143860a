import type { PhaseDto } from '@trowel/shared/projects/project.schemas.ts';
import { useState } from 'react';
import { newTaskDraft, phaseToDraft, type PhaseDraft, type TaskDraft } from '../components/phase-draft.ts';

/** The phase editor's working copy of the label and tasks, with the edits it offers. */
export function usePhaseDraft(phase: PhaseDto) {
  const [draft, setDraft] = useState<PhaseDraft>(() => phaseToDraft(phase));
  const patchTask = (key: string, patch: Partial<TaskDraft>) =>
    setDraft((current) => ({
      ...current,
      tasks: current.tasks.map((task) => (task.key === key ? { ...task, ...patch } : task)),
    }));
  return {
    draft,
    setLabel: (label: string) => setDraft((current) => ({ ...current, label })),
    addTask: () => setDraft((current) => ({ ...current, tasks: [...current.tasks, newTaskDraft()] })),
    removeTask: (task: TaskDraft) =>
      setDraft((current) => ({
        ...current,
        tasks: current.tasks.filter((other) => other.key !== task.key),
        deletedTaskIds: task.id ? [...current.deletedTaskIds, task.id] : current.deletedTaskIds,
      })),
    patchTask,
    /** A new task now exists on the server: later saves update it instead of adding it again. */
    taskCreated: (key: string, id: string) => patchTask(key, { id }),
    taskDeleted: (id: string) =>
      setDraft((current) => ({
        ...current,
        deletedTaskIds: current.deletedTaskIds.filter((other) => other !== id),
      })),
  };
}
