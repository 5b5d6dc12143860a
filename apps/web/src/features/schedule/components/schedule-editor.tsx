import type { ScheduleDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { TaskMove } from '@trowel/shared/schedule/schedule.schemas.ts';
import type { useScheduleChanges } from '../api/change-schedule.ts';
import { isDated } from './gantt-layout.ts';
import { LinkTasksForm } from './link-tasks-form.tsx';
import { MoveTaskForm } from './move-task-form.tsx';
import { phaseNamesOf } from './schedule-phases.ts';
import { TaskLinks } from './task-links.tsx';

interface ScheduleEditorProps {
  schedule: ScheduleDto;
  changes: ReturnType<typeof useScheduleChanges>;
  onMove: (move: TaskMove) => Promise<unknown>;
}

/** For those who edit the project's tasks: move a task, link two tasks, and the links with Remove. */
export function ScheduleEditor({ schedule, changes, onMove }: ScheduleEditorProps) {
  const dated = schedule.tasks.filter(isDated);
  const phaseNames = phaseNamesOf(schedule);
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Move a task</CardTitle>
        </CardHeader>
        <CardContent>
          <MoveTaskForm
            tasks={schedule.tasks}
            phaseNames={phaseNames}
            onMove={onMove}
            busy={changes.move.isPending}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Link tasks</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <LinkTasksForm tasks={dated} phaseNames={phaseNames} link={changes.link} />
          <TaskLinks schedule={schedule} unlink={changes.unlink} />
        </CardContent>
      </Card>
    </div>
  );
}
