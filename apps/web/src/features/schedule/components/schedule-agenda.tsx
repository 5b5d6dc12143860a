import { slipDays } from '@trowel/shared/schedule/critical-path.ts';
import type { ScheduleDto, ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { tasksByPhase } from './schedule-phases.ts';
import { datesText, floatText, slipText } from './schedule-text.ts';

function AgendaTask({ task }: { task: ScheduleTaskDto }) {
  const float = floatText(task);
  const slip = slipText(task);
  return (
    <li className="space-y-1 py-3" data-testid="agenda-task" data-task={task.name}>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium wrap-anywhere text-slate-900">{task.name}</p>
        <span className="shrink-0 text-sm text-slate-600">{task.progress}%</span>
      </div>
      <p className="text-sm text-slate-700" data-testid="agenda-dates">
        {datesText(task)}
      </p>
      {float || slip ? (
        <div className="flex flex-wrap gap-2">
          {float ? <Badge tone={task.critical ? 'red' : 'neutral'}>{float}</Badge> : null}
          {slip ? (
            <Badge tone={(slipDays(task) ?? 0) > 0 ? 'amber' : 'green'} data-testid="agenda-slip">
              {slip}
            </Badge>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The schedule for a phone: phase by phase, each task with its dates, float or critical mark, and slip. */
export function ScheduleAgenda({ schedule }: { schedule: Pick<ScheduleDto, 'phases' | 'tasks'> }) {
  return (
    <div className="space-y-4" aria-label="Schedule by phase">
      {tasksByPhase(schedule.phases, schedule.tasks).map(({ phase, tasks }) => (
        <section key={phase.id} className="rounded-lg border border-slate-200 bg-white px-4 py-2">
          <h2 className="pt-2 font-semibold wrap-anywhere text-slate-900">{phase.name}</h2>
          <ul className="divide-y divide-slate-100">
            {tasks.map((task) => (
              <AgendaTask key={task.id} task={task} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
