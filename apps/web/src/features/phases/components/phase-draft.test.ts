import { describe, expect, it } from 'vitest';
import { buildPhase, buildTask } from '../../../test/factories.ts';
import { createTaskBody, newTaskDraft, taskToDraft, updateTaskBody } from './phase-draft.ts';
import { phaseLabel, phaseNameTaken } from '@trowel/shared/projects/phase.names.ts';

const saved = buildTask({
  name: 'Columns',
  progress: 25,
  notes: 'Formwork',
  assignedToId: 'u1',
  endDate: '2025-02-01',
});

describe('task bodies', () => {
  it('sends empty optional values as null', () => {
    expect(createTaskBody({ ...newTaskDraft(), name: ' Roof ' })).toEqual({
      name: 'Roof',
      assignedTo: null,
      progress: 0,
      notes: null,
      startDate: null,
      endDate: null,
    });
  });

  it('sends only the fields that changed', () => {
    const draft = { ...taskToDraft(saved), endDate: '2025-03-01', notes: 'Formwork' };
    expect(updateTaskBody(draft, saved, { full: true, work: true })).toEqual({ endDate: '2025-03-01' });
    expect(updateTaskBody(taskToDraft(saved), saved, { full: true, work: true })).toBeNull();
  });

  it('lets an assignee send notes and progress only', () => {
    const draft = { ...taskToDraft(saved), name: 'Renamed', progress: 50, notes: '' };
    expect(updateTaskBody(draft, saved, { full: false, work: true })).toEqual({ progress: 50, notes: null });
    expect(updateTaskBody(draft, saved, { full: false, work: false })).toBeNull();
  });
});

describe('phase names', () => {
  const phases = [
    buildPhase({ id: 'a', name: 'Foundation' }),
    buildPhase({ id: 'b', name: 'Frame', customLabel: 'Slabs' }),
  ];

  it('shows the label when there is one', () => {
    expect(phaseLabel(phases[1]!)).toBe('Slabs');
    expect(phaseLabel(phases[0]!)).toBe('Foundation');
  });

  it('finds clashes with any name or label, ignoring case and spaces, except the phase itself', () => {
    expect(phaseNameTaken(phases, [' slabs '])).toBe(true);
    expect(phaseNameTaken(phases, ['Roofing', 'FOUNDATION'])).toBe(true);
    expect(phaseNameTaken(phases, ['Roofing', ''])).toBe(false);
    expect(phaseNameTaken(phases, ['Slabs'], 'b')).toBe(false);
  });
});
