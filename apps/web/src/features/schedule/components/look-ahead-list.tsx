import { LOOK_AHEAD_REASON_LABELS, type LookAheadTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateOnly } from '../../../lib/format-date.ts';
import { datesText } from './schedule-text.ts';

const REASON_TONES = { starting: 'blue', due: 'amber', late: 'red' } as const;

/** The day a look-ahead task belongs under: the day it starts or is due; a late task under today. */
export function dayOfTask(task: LookAheadTaskDto, today: string): string {
  if (task.reason === 'late') return today;
  const day = task.reason === 'starting' ? task.startDate : task.endDate;
  return day ?? today;
}

/** The tasks by day, days in order, each day's tasks late first, then starting, then due. */
export function lookAheadDays(tasks: readonly LookAheadTaskDto[], today: string) {
  const order = { late: 0, starting: 1, due: 2 } as const;
  const days = new Map<string, LookAheadTaskDto[]>();
  for (const task of tasks) {
    const day = dayOfTask(task, today);
    days.set(day, [...(days.get(day) ?? []), task]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, dayTasks]) => ({
      day,
      tasks: dayTasks.toSorted((a, b) => order[a.reason] - order[b.reason]),
    }));
}

function LookAheadTask({ task }: { task: LookAheadTaskDto }) {
  return (
    <li className="space-y-1 py-3" data-testid="look-ahead-task">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium wrap-anywhere text-slate-900">{task.name}</p>
        <Badge tone={REASON_TONES[task.reason]}>{LOOK_AHEAD_REASON_LABELS[task.reason]}</Badge>
      </div>
      <p className="text-sm wrap-anywhere">
        <Link
          to={`/projects/${encodeURIComponent(task.projectId)}/schedule`}
          className="text-blue-700 underline-offset-2 hover:underline"
        >
          {task.projectTitle}
        </Link>
      </p>
      <p className="text-sm text-slate-600">
        {datesText(task)} · {task.progress}% done
      </p>
    </li>
  );
}

/** The look-ahead's tasks under their days: today (with what is late), then each following day. */
export function LookAheadList({ tasks, today }: { tasks: readonly LookAheadTaskDto[]; today: string }) {
  return (
    <div className="space-y-4">
      {lookAheadDays(tasks, today).map(({ day, tasks: dayTasks }) => (
        <section key={day} className="rounded-lg border border-slate-200 bg-white px-4 py-2">
          <h2 className="pt-2 font-semibold text-slate-900">
            {day === today ? `Today, ${formatDateOnly(day)}` : formatDateOnly(day)}
          </h2>
          <ul className="divide-y divide-slate-100">
            {dayTasks.map((task) => (
              <LookAheadTask key={`${task.id}-${task.reason}`} task={task} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
