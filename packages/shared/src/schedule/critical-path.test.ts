import { describe, expect, it } from 'vitest';
import {
  addDays,
  criticalPath,
  durationDays,
  forecastEndOf,
  loopClosedBy,
  phaseSpan,
  shiftsToKeepLinks,
  slipDays,
  type PlannedTask,
  type TaskLinkShape,
} from './critical-path.ts';

const DAY0 = '2026-01-05';
/** A task of `days` days planned from the project's first day (the network alone decides its dates). */
const task = (id: string, days: number): PlannedTask => ({
  id,
  startDate: DAY0,
  endDate: addDays(DAY0, days - 1),
});
const fs = (fromTaskId: string, toTaskId: string, lagDays = 0): TaskLinkShape => ({
  fromTaskId,
  toTaskId,
  type: 'finish_to_start',
  lagDays,
});
const day = (n: number) => addDays(DAY0, n);

describe('the critical path', () => {
  // The textbook network (activity on node): A 3, B 4 and C 2 after A, D 5 after B, E 3 after C,
  // F 2 after D and E. Critical path A-B-D-F, 14 days; C and E have 4 days of float.
  const tasks = [task('A', 3), task('B', 4), task('C', 2), task('D', 5), task('E', 3), task('F', 2)];
  const links = [fs('A', 'B'), fs('A', 'C'), fs('B', 'D'), fs('C', 'E'), fs('D', 'F'), fs('E', 'F')];

  it('counts from the status date: work not done is not in the past, so a late chain has no float', () => {
    // On day 10 of the textbook network: A done, B (due day 6) half done, C (due day 4) not begun.
    const progress: Record<string, number> = { A: 100, B: 50, C: 0, D: 0, E: 0, F: 0 };
    const status = { today: day(10), progress: (id: string) => progress[id]! };
    const { times, forecastEndDate } = criticalPath(tasks, links, status);
    // B's rest ends today; D (5 days) follows, then F (2): the end moves from day 13 to day 17.
    expect(times.get('B')).toMatchObject({ earlyFinish: day(10), totalFloat: 0, critical: true });
    expect(forecastEndDate).toBe(day(17));
    // C had 4 days of float on the plan; not begun by day 10, it starts today and E follows it.
    expect(times.get('C')).toMatchObject({ earlyStart: day(10), earlyFinish: day(11) });
    expect(times.get('E')).toMatchObject({ earlyStart: day(12), totalFloat: 1 });
    // What is done stays where it was done.
    expect(times.get('A')).toMatchObject({ earlyStart: day(0), earlyFinish: day(2) });
    // The forecast end alone (what the notice of a later end compares) is counted the same way.
    expect(forecastEndOf(tasks, links, status)).toBe(day(17));
    // Without a status date, the plan's figures.
    expect(criticalPath(tasks, links).forecastEndDate).toBe(day(13));
    expect(forecastEndOf(tasks, links)).toBe(day(13));
  });

  it('finds the early and late dates, the float and the critical tasks of a textbook network', () => {
    const { times, forecastEndDate } = criticalPath(tasks, links);
    expect(forecastEndDate).toBe(day(13));
    const figures = Object.fromEntries(
      [...times].map(([id, t]) => [
        id,
        [t.earlyStart, t.earlyFinish, t.lateStart, t.lateFinish, t.totalFloat],
      ]),
    );
    expect(figures).toEqual({
      A: [day(0), day(2), day(0), day(2), 0],
      B: [day(3), day(6), day(3), day(6), 0],
      C: [day(3), day(4), day(7), day(8), 4],
      D: [day(7), day(11), day(7), day(11), 0],
      E: [day(5), day(7), day(9), day(11), 4],
      F: [day(12), day(13), day(12), day(13), 0],
    });
    expect([...times].filter(([, t]) => t.critical).map(([id]) => id)).toEqual(['A', 'B', 'D', 'F']);
  });

  it('counts a lag, and lets a start-to-start link overlap its tasks', () => {
    const { times, forecastEndDate } = criticalPath(
      [task('dig', 4), task('pour', 2), task('cure', 7)],
      [{ fromTaskId: 'dig', toTaskId: 'pour', type: 'start_to_start', lagDays: 2 }, fs('pour', 'cure', 1)],
    );
    expect(times.get('pour')).toMatchObject({ earlyStart: day(2), earlyFinish: day(3) });
    expect(times.get('cure')).toMatchObject({ earlyStart: day(5), earlyFinish: day(11), critical: true });
    // dig's start holds pour's start back: it has no float either.
    expect(times.get('dig')).toMatchObject({ lateStart: day(0), lateFinish: day(3), totalFloat: 0 });
    expect(forecastEndDate).toBe(day(11));
  });

  it('never starts a task before its planned date, and answers nothing for no tasks', () => {
    const late = { id: 'late', startDate: day(20), endDate: day(21) };
    const { times } = criticalPath([task('A', 3), late], [fs('A', 'late')]);
    expect(times.get('late')).toMatchObject({ earlyStart: day(20), critical: true });
    expect(times.get('A')).toMatchObject({ totalFloat: 17, critical: false });
    expect(criticalPath([], [])).toEqual({ times: new Map(), forecastEndDate: null });
  });

  it('moves successors after a predecessor moved later, keeping their length, and never earlier', () => {
    const moved = { id: 'A', startDate: day(2), endDate: day(4) };
    const shifts = shiftsToKeepLinks(
      [moved, task('B', 4), task('C', 2), { ...task('X', 1), startDate: day(30), endDate: day(30) }],
      [fs('A', 'B'), fs('B', 'C'), fs('A', 'X')],
    );
    expect(shifts).toEqual([
      { id: 'B', startDate: day(5), endDate: day(8) },
      { id: 'C', startDate: day(9), endDate: day(10) },
    ]);
    expect(shifts.every((shift) => durationDays(shift) > 0)).toBe(true);
  });

  it('names the loop a new link would close, and none for a link that closes none', () => {
    const existing = [fs('A', 'B'), fs('B', 'C'), fs('C', 'D')];
    expect(loopClosedBy(existing, 'D', 'B')).toEqual(['D', 'B', 'C', 'D']);
    expect(loopClosedBy(existing, 'A', 'A')).toEqual(['A', 'A']);
    expect(loopClosedBy(existing, 'A', 'D')).toBeNull();
  });

  it('keeps every link of a network of 2,000 tasks and 4,000 links once the successors moved', () => {
    const many = Array.from({ length: 2000 }, (_, index) => task(`t${index}`, 1 + (index % 9)));
    const manyLinks = Array.from({ length: 4000 }, (_, index) => {
      const from = index % 1999;
      return fs(`t${from}`, `t${from + 1 + ((index * 7) % Math.min(50, 1999 - from))}`);
    });
    const moved = new Map(shiftsToKeepLinks(many, manyLinks).map((shift) => [shift.id, shift]));
    const placed = new Map(many.map((each) => [each.id, moved.get(each.id) ?? each]));
    for (const link of manyLinks) {
      const before = placed.get(link.fromTaskId)!;
      const after = placed.get(link.toTaskId)!;
      expect(after.startDate > before.endDate, `${link.fromTaskId} → ${link.toTaskId}`).toBe(true);
    }
    const { times } = criticalPath([...placed.values()], manyLinks);
    expect([...times.values()].every((time) => time.totalFloat >= 0)).toBe(true);
    expect([...times.values()].some((time) => time.critical)).toBe(true);
  });

  it('measures a task’s slip from its baseline end: late, ahead, none without a baseline', () => {
    expect(slipDays({ endDate: '2026-03-21', baselineEnd: '2026-03-19' })).toBe(2);
    expect(slipDays({ endDate: '2026-03-01', baselineEnd: '2026-03-04' })).toBe(-3);
    expect(slipDays({ endDate: '2026-03-04', baselineEnd: '2026-03-04' })).toBe(0);
    expect(slipDays({ endDate: '2026-03-04', baselineEnd: null })).toBeNull();
    expect(slipDays({ endDate: null, baselineEnd: '2026-03-04' })).toBeNull();
  });

  it('spans a phase from its first start to its last end, its progress weighted by its tasks’ days', () => {
    expect(
      phaseSpan([
        { startDate: '2026-03-02', endDate: '2026-03-04', progress: 100 },
        { startDate: '2026-03-05', endDate: '2026-03-05', progress: 0 },
        { startDate: null, endDate: null, progress: 50 },
      ]),
    ).toEqual({ startDate: '2026-03-02', endDate: '2026-03-05', progress: 75 });
    expect(phaseSpan([{ startDate: null, endDate: '2026-03-05', progress: 10 }])).toBeNull();
  });
});
