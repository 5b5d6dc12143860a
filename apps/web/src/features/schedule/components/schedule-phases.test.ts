import { describe, expect, it } from 'vitest';
import { phaseNamesOf, tasksByPhase } from './schedule-phases.ts';

const phases = [
  { id: 'p1', name: 'Substructure' },
  { id: 'p2', name: 'Frame' },
  { id: 'p3', name: 'Roofing' },
];

describe('tasksByPhase', () => {
  it('groups the tasks under their phases in the schedule’s order and leaves out empty phases', () => {
    const tasks = [
      { id: 'roof', phaseId: 'p3' },
      { id: 'dig', phaseId: 'p1' },
      { id: 'pour', phaseId: 'p1' },
    ];
    expect(
      tasksByPhase(phases, tasks).map(({ phase, tasks: each }) => [phase.name, each.map((t) => t.id)]),
    ).toEqual([
      ['Substructure', ['dig', 'pour']],
      ['Roofing', ['roof']],
    ]);
  });

  it('names each phase by its id', () => {
    expect(phaseNamesOf({ phases }).get('p2')).toBe('Frame');
  });
});
