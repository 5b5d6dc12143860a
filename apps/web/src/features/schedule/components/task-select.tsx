import type { ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import type { ComponentProps } from 'react';
import { NativeSelect } from '../../../components/ui/input.tsx';

type TaskSelectProps = ComponentProps<'select'> & {
  tasks: readonly ScheduleTaskDto[];
  /** Each phase's name by its id (`phaseNamesOf`). */
  phaseNames: ReadonlyMap<string, string>;
};

/** A select of the schedule's tasks, each named with its phase; starts on "Choose a task". */
export function TaskSelect({ tasks, phaseNames, ...props }: TaskSelectProps) {
  return (
    <NativeSelect {...props}>
      <option value="">Choose a task</option>
      {tasks.map((task) => (
        <option key={task.id} value={task.id}>
          {task.name} ({phaseNames.get(task.phaseId) ?? ''})
        </option>
      ))}
    </NativeSelect>
  );
}
