import { fireEvent, render, screen } from '@testing-library/react';
import type { ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { describe, expect, it, vi } from 'vitest';
import { GanttChart } from './gantt-chart.tsx';

const dig: ScheduleTaskDto = {
  id: 't1',
  phaseId: 'ph1',
  name: 'Dig',
  startDate: '2026-03-02',
  endDate: '2026-03-04',
  progress: 50,
  earlyStart: '2026-03-02',
  earlyFinish: '2026-03-04',
  lateStart: '2026-03-05',
  lateFinish: '2026-03-07',
  totalFloat: 3,
  critical: false,
  baselineStart: null,
  baselineEnd: null,
};

describe('GanttChart', () => {
  it('moves a focused bar a day with → and stretches its end with Shift+←', () => {
    const onMove = vi.fn();
    render(
      <GanttChart
        schedule={{ phases: [{ id: 'ph1', name: 'Substructure' }], tasks: [dig], links: [] }}
        today="2026-03-01"
        onMove={onMove}
      />,
    );
    const bar = screen.getByRole('button', { name: /^Dig, .*50% done, 3 days of float$/ });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    fireEvent.keyDown(bar, { key: 'ArrowLeft', shiftKey: true });
    expect(onMove.mock.calls).toEqual([
      [{ taskId: 't1', phaseId: 'ph1', startDate: '2026-03-03', endDate: '2026-03-05' }],
      [{ taskId: 't1', phaseId: 'ph1', startDate: '2026-03-02', endDate: '2026-03-03' }],
    ]);
  });

  it('draws the bars as pictures only for those who may not move them', () => {
    render(
      <GanttChart
        schedule={{ phases: [{ id: 'ph1', name: 'Substructure' }], tasks: [dig], links: [] }}
        today="2026-03-01"
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Dig, / })).toBeInTheDocument();
  });
});
