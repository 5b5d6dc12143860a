import type { ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { describe, expect, it } from 'vitest';
import {
  barAt,
  DAY_WIDTH,
  ganttLayout,
  HEADER_HEIGHT,
  LABEL_WIDTH,
  linkHandleOf,
  localToday,
  ROW_HEIGHT,
} from './gantt-layout.ts';

const PHASES = [
  { id: 'p1', name: 'Substructure' },
  { id: 'p2', name: 'Roofing' },
];

const task = (fields: Partial<ScheduleTaskDto> & Pick<ScheduleTaskDto, 'id' | 'name'>): ScheduleTaskDto => ({
  phaseId: 'p1',
  startDate: null,
  endDate: null,
  progress: 0,
  earlyStart: null,
  earlyFinish: null,
  lateStart: null,
  lateFinish: null,
  totalFloat: null,
  critical: false,
  baselineStart: null,
  baselineEnd: null,
  ...fields,
});

const dig = task({
  id: 'a',
  name: 'Dig',
  startDate: '2026-03-02',
  endDate: '2026-03-04',
  progress: 100,
  critical: true,
});
const pour = task({
  id: 'b',
  name: 'Pour',
  startDate: '2026-03-05',
  endDate: '2026-03-05',
  critical: true,
  baselineStart: '2026-03-04',
  baselineEnd: '2026-03-04',
});
const roof = task({
  id: 'c',
  name: 'Roof',
  phaseId: 'p2',
  startDate: '2026-03-03',
  endDate: '2026-03-03',
});
const undated = task({ id: 'd', name: 'Paint' });

describe('ganttLayout', () => {
  const layout = ganttLayout(
    {
      phases: PHASES,
      tasks: [dig, pour, undated, roof],
      links: [{ id: 'l1', fromTaskId: 'a', toTaskId: 'b', type: 'finish_to_start', lagDays: 0 }],
    },
    '2026-03-03',
  );

  it('puts each phase above its dated tasks, in the schedule’s order, and leaves undated tasks out', () => {
    expect(layout.rows.map((row) => `${row.kind}:${row.name}`)).toEqual([
      'phase:Substructure',
      'task:Dig',
      'task:Pour',
      'phase:Roofing',
      'task:Roof',
    ]);
    expect(layout.rows.map((row) => row.y)).toEqual(
      [0, 1, 2, 3, 4].map((i) => HEADER_HEIGHT + i * ROW_HEIGHT),
    );
  });

  it('starts three days before the first date and draws each task over its days, both ends counted', () => {
    // 2026-02-27 is three days before 2026-03-02.
    const [phase, digRow, pourRow] = layout.rows;
    expect(digRow).toMatchObject({ x: LABEL_WIDTH + 3 * DAY_WIDTH, width: 3 * DAY_WIDTH });
    expect(pourRow?.baseline).toEqual({ x: LABEL_WIDTH + 5 * DAY_WIDTH, width: DAY_WIDTH });
    expect(phase).toMatchObject({ x: LABEL_WIDTH + 3 * DAY_WIDTH, width: 4 * DAY_WIDTH, critical: true });
    // Dig (3 days, done) and Pour (1 day, not started): 75% of the phase's days are done.
    expect(phase?.progress).toBe(75);
    expect(layout.todayX).toBe(LABEL_WIDTH + 4 * DAY_WIDTH + DAY_WIDTH / 2);
  });

  it('draws a link from the end of its first task to the start of the next, red on the critical path', () => {
    const end = LABEL_WIDTH + 6 * DAY_WIDTH;
    const mid = (row: number) => HEADER_HEIGHT + row * ROW_HEIGHT + ROW_HEIGHT / 2;
    expect(layout.arrows).toEqual([
      {
        id: 'l1',
        critical: true,
        path: `M${end},${mid(1)} H${end + 8} V${HEADER_HEIGHT + 2 * ROW_HEIGHT} H${end - 8} V${mid(2)} H${end - 2}`,
      },
    ]);
  });

  it('finds the task bar at a point (a little slack either end), never a phase row, and puts the link handle past the end', () => {
    const digRow = layout.rows[1]!;
    const middle = digRow.y + ROW_HEIGHT / 2;
    expect(barAt(layout, { x: digRow.x + 5, y: middle })?.id).toBe('a');
    expect(barAt(layout, { x: digRow.x + digRow.width + 6, y: middle })?.id).toBe('a');
    expect(barAt(layout, { x: digRow.x + digRow.width + 30, y: middle })).toBeNull();
    expect(barAt(layout, { x: digRow.x + 5, y: HEADER_HEIGHT + 2 })).toBeNull();
    expect(linkHandleOf(digRow)).toEqual({ x: digRow.x + digRow.width + 7, y: middle });
  });

  it('is empty when no task has dates', () => {
    expect(ganttLayout({ phases: PHASES, tasks: [undated], links: [] }, '2026-03-03').rows).toEqual([]);
  });
});

describe('localToday', () => {
  it('is the browser’s calendar date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
