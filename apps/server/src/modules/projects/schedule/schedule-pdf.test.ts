import { describe, expect, it } from 'vitest';
import { addDays } from '@trowel/shared/schedule/critical-path.ts';
import { SCHEDULE_MESSAGES } from '@trowel/shared/schedule/schedule.schemas.ts';
import { readPdf } from '../../../../test/pdf-text.ts';
import type { ExportedTask, ScheduleExport } from './schedule-export.ts';
import { A3_LANDSCAPE } from './schedule-pdf-layout.ts';
import { renderSchedulePdf } from './schedule-pdf.ts';
import { timelineOf } from './schedule-pdf-timeline.ts';

const task = (index: number, fields: Partial<ExportedTask> = {}): ExportedTask => {
  const startDate = addDays('2026-03-02', index * 2);
  const endDate = addDays(startDate, 2);
  return {
    id: `t${index}`,
    phaseId: index < 40 ? 'p1' : 'p2',
    name: `Task ${index}`,
    startDate,
    endDate,
    progress: 50,
    earlyStart: startDate,
    earlyFinish: endDate,
    lateStart: startDate,
    lateFinish: endDate,
    totalFloat: index % 2 ? 3 : 0,
    critical: index % 2 === 0,
    baselineStart: null,
    baselineEnd: null,
    phaseName: index < 40 ? 'Substructure' : 'Roofing',
    assignedTo: 'Chidi Okafor',
    days: 3,
    slipDays: null,
    waitsFor: [],
    notes: null,
    ...fields,
  };
};

const exportOf = (tasks: ExportedTask[]): ScheduleExport => ({
  projectTitle: 'Ọ̀yọ́ Road Duplex',
  today: '2026-03-10',
  withNotes: true,
  tasks,
  schedule: {
    phases: [
      { id: 'p1', name: 'Substructure' },
      { id: 'p2', name: 'Roofing' },
    ],
    tasks,
    links: [],
    forecastEndDate: tasks.at(-1)?.endDate ?? null,
    baselineSavedAt: null,
    canLink: false,
    canSaveBaseline: false,
  },
});

describe('the schedule’s print', () => {
  it('is A3 landscape, the tasks by phase with their figures, and runs onto further pages with its headings', async () => {
    const tasks = Array.from({ length: 120 }, (_, index) => task(index));
    tasks[1] = task(1, {
      notes: 'Rebar delivered short',
      slipDays: 2,
      baselineStart: '2026-03-02',
      baselineEnd: '2026-03-04',
    });
    tasks[3] = task(3, { startDate: null, endDate: null, days: null, totalFloat: null, critical: false });
    const printed = await readPdf(await renderSchedulePdf(exportOf(tasks)));
    expect(printed.title).toBe('Schedule: Oyo Road Duplex');
    expect(printed.pages.length).toBeGreaterThan(2);
    for (const page of printed.pages) {
      expect(page.size).toEqual(A3_LANDSCAPE);
      expect(page.texts).toEqual(expect.arrayContaining(['Task', 'Start', 'Float', 'Slip']));
    }
    const first = printed.pages[0]!.texts;
    expect(first).toEqual(
      expect.arrayContaining([
        'Substructure',
        'Task 0',
        'Critical',
        '02 Mar 2026',
        'Rebar delivered short',
        '+2 d',
        'No dates',
      ]),
    );
    expect(first.some((text) => text.startsWith('Forecast end '))).toBe(true);
    const all = printed.pages.flatMap((page) => page.texts);
    expect(all).toEqual(expect.arrayContaining(['Roofing', 'Task 119']));
    expect(printed.pages.at(-1)!.texts.at(-1)).toBe(
      `Schedule: Oyo Road Duplex - page ${printed.pages.length} of ${printed.pages.length}`,
    );
  });

  it('says so when there is nothing to schedule', async () => {
    const printed = await readPdf(await renderSchedulePdf(exportOf([])));
    expect(printed.pages).toHaveLength(1);
    expect(printed.pages[0]!.texts).toContain(SCHEDULE_MESSAGES.noTasks);
  });
});

describe('the print’s time scale', () => {
  const span = (startDate: string | null, endDate: string | null) => [
    { startDate, endDate, baselineStart: null, baselineEnd: null },
  ];

  it('labels months while they fit, else quarters, else years, and fits the days into the width', () => {
    const months = timelineOf(span('2026-03-10', '2026-06-20'), '2026-04-01', 100, 500)!;
    expect(months.marks.map((mark) => mark.label)).toEqual(['Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026']);
    expect(months.marks[0]!.x).toBe(100);
    expect(months.today).not.toBeNull();
    const quarters = timelineOf(span('2026-02-01', '2028-01-31'), '2030-01-01', 0, 500)!;
    expect(quarters.marks.map((mark) => mark.label).slice(0, 3)).toEqual(['Q1 2026', 'Q2 2026', 'Q3 2026']);
    expect(quarters.today).toBeNull();
    const years = timelineOf(span('2026-01-01', '2035-12-31'), '2026-01-01', 0, 500)!;
    expect(years.marks.map((mark) => mark.label)).toEqual(
      Array.from({ length: 10 }, (_, index) => String(2026 + index)),
    );
    expect(years.dayWidth * (3652 + 1)).toBeCloseTo(500, 0);
  });

  it('has no scale without dates', () => {
    expect(timelineOf(span(null, null), '2026-01-01', 0, 500)).toBeNull();
  });
});
