import type { LookAheadTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { describe, expect, it } from 'vitest';
import { lookAheadDays } from './look-ahead-list.tsx';

const task = (id: string, reason: LookAheadTaskDto['reason'], startDate: string, endDate: string) => ({
  id,
  projectId: 'p',
  projectTitle: 'Lekki Duplex',
  phaseId: 'ph',
  name: id,
  startDate,
  endDate,
  progress: 0,
  reason,
});

describe('lookAheadDays', () => {
  it('puts late tasks under today, others under the day they start or are due, days in order', () => {
    const days = lookAheadDays(
      [
        task('due-9th', 'due', '2026-03-01', '2026-03-09'),
        task('starts-today', 'starting', '2026-03-03', '2026-03-10'),
        task('late', 'late', '2026-02-20', '2026-02-28'),
        task('starts-5th', 'starting', '2026-03-05', '2026-03-12'),
      ],
      '2026-03-03',
    );
    expect(days.map(({ day, tasks }) => [day, tasks.map((item) => item.id)])).toEqual([
      ['2026-03-03', ['late', 'starts-today']],
      ['2026-03-05', ['starts-5th']],
      ['2026-03-09', ['due-9th']],
    ]);
  });
});
