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

const phases = [{ id: 'ph1', name: 'Substructure' }];

describe('GanttChart', () => {
  it('moves a focused bar a day with → and stretches its end with Shift+←', () => {
    const onMove = vi.fn();
    render(<GanttChart schedule={{ phases, tasks: [dig], links: [] }} today="2026-03-01" onMove={onMove} />);
    const bar = screen.getByRole('button', { name: /^Dig, .*50% done, 3 days of float$/ });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    fireEvent.keyDown(bar, { key: 'ArrowLeft', shiftKey: true });
    expect(onMove.mock.calls).toEqual([
      [{ taskId: 't1', phaseId: 'ph1', startDate: '2026-03-03', endDate: '2026-03-05' }],
      [{ taskId: 't1', phaseId: 'ph1', startDate: '2026-03-02', endDate: '2026-03-03' }],
    ]);
  });

  it('draws the bars as pictures only for those who may not move them', () => {
    render(<GanttChart schedule={{ phases, tasks: [dig], links: [] }} today="2026-03-01" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Dig, / })).toBeInTheDocument();
  });

  it('links two tasks when a bar’s handle is dragged onto another bar, and not when dropped on nothing', () => {
    Element.prototype.setPointerCapture = vi.fn();
    const onLink = vi.fn();
    const pour = { ...dig, id: 't2', name: 'Pour', startDate: '2026-03-06', endDate: '2026-03-07' };
    render(
      <GanttChart schedule={{ phases, tasks: [dig, pour], links: [] }} today="2026-03-01" onLink={onLink} />,
    );
    const handle = screen.getAllByTestId('gantt-link-handle')[0]!;
    const pourBar = screen.getByRole('img', { name: /^Pour, / }).querySelector('rect:nth-of-type(1)')!;
    const at = (element: Element) => ({
      clientX: Number(element.getAttribute('x') ?? element.getAttribute('cx')) + 4,
      clientY: Number(element.getAttribute('y') ?? element.getAttribute('cy')) + 4,
    });
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, ...at(handle) });
    fireEvent.pointerMove(handle, { pointerId: 1, ...at(pourBar) });
    expect(screen.getByTestId('gantt-link-target')).toBeInTheDocument();
    fireEvent.pointerUp(handle, { pointerId: 1, ...at(pourBar) });
    expect(onLink).toHaveBeenCalledWith({ fromTaskId: 't1', toTaskId: 't2' });

    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, ...at(handle) });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 1, clientY: 1 });
    expect(onLink).toHaveBeenCalledTimes(1);
  });
});
