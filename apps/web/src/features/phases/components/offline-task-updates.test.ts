import { describe, expect, it } from 'vitest';
import { buildPhase, buildTask } from '../../../test/factories.ts';
import { newTaskDraft, phaseToDraft } from './phase-draft.ts';
import { offlineTaskUpdates, type SavePhasePlan } from './save-phase.ts';

const task = buildTask({ id: 'task-1', name: 'Blockwork', progress: 25, notes: '' });
const phase = buildPhase({ id: 'phase-1', tasks: [task] });

function planWith(change: (draft: ReturnType<typeof phaseToDraft>) => void): SavePhasePlan {
  const draft = phaseToDraft(phase);
  change(draft);
  return {
    projectId: 'project-1',
    phase,
    draft,
    canEditLabel: false,
    permissionsOf: () => ({ full: false, work: true }),
  };
}

describe('offlineTaskUpdates', () => {
  it('keeps an assignee’s progress and notes as one PUT of the task, for sending later', () => {
    const plan = planWith((draft) =>
      Object.assign(draft.tasks[0]!, { progress: 75, notes: 'Second course done' }),
    );
    const [item, ...rest] = offlineTaskUpdates(plan, 'user-1') ?? [];
    expect(rest).toHaveLength(0);
    expect(item).toMatchObject({
      userId: 'user-1',
      kind: 'task-progress',
      method: 'PUT',
      path: '/projects/project-1/phases/phase-1/tasks/task-1',
      body: { type: 'json', value: { progress: 75, notes: 'Second course done' } },
    });
  });

  it('answers null when the draft also changes what needs the network (new tasks, files)', () => {
    expect(
      offlineTaskUpdates(
        planWith((draft) => draft.tasks.push(newTaskDraft())),
        'user-1',
      ),
    ).toBeNull();
    const withFile = planWith((draft) => draft.tasks[0]!.newFiles.push(new File(['x'], 'plan.pdf')));
    expect(offlineTaskUpdates(withFile, 'user-1')).toBeNull();
  });
});
