import { zodResolver } from '@hookform/resolvers/zod';
import { updateTaskFields } from '@trowel/shared/projects/phase.schemas.ts';
import { DATES_ORDER_MESSAGE } from '@trowel/shared/projects/project.schemas.ts';
import type { ScheduleTaskDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { bodySchema } from '../../../lib/form-schema.ts';
import type { TaskMove } from '@trowel/shared/schedule/schedule.schemas.ts';
import { TaskSelect } from './task-select.tsx';

interface MoveValues {
  taskId: string;
  startDate: string;
  endDate: string;
}

const moveSchema = bodySchema(
  (values: MoveValues) => values,
  updateTaskFields
    .pick({ startDate: true, endDate: true })
    .extend({ taskId: z.string().min(1, 'Choose a task') })
    .refine((move) => Boolean(move.startDate), { message: 'Start date is required', path: ['startDate'] })
    .refine((move) => Boolean(move.endDate), { message: 'End date is required', path: ['endDate'] })
    .refine((move) => !move.startDate || !move.endDate || move.endDate >= move.startDate, {
      message: DATES_ORDER_MESSAGE,
      path: ['endDate'],
    }),
);

interface MoveTaskFormProps {
  tasks: readonly ScheduleTaskDto[];
  phaseNames: ReadonlyMap<string, string>;
  onMove: (move: TaskMove) => Promise<unknown>;
  busy: boolean;
}

/** New dates for a task (what dragging its bar does, for a phone or a keyboard); what waits for it moves too. */
export function MoveTaskForm({ tasks, phaseNames, onMove, busy }: MoveTaskFormProps) {
  const form = useForm({
    resolver: zodResolver(moveSchema),
    defaultValues: { taskId: '', startDate: '', endDate: '' } as MoveValues,
  });
  const { errors } = form.formState;
  const chosen = form.register('taskId', {
    onChange: (event: { target: { value: string } }) => {
      const task = tasks.find((candidate) => candidate.id === event.target.value);
      form.setValue('startDate', task?.startDate ?? '');
      form.setValue('endDate', task?.endDate ?? '');
    },
  });
  const submit = form.handleSubmit(async ({ taskId, startDate, endDate }) => {
    const task = tasks.find((candidate) => candidate.id === taskId);
    if (!task || !startDate || !endDate) return;
    await onMove({ taskId, phaseId: task.phaseId, startDate, endDate });
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Move a task">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id="move-task" label="Task" error={errors.taskId?.message}>
          {(control) => <TaskSelect tasks={tasks} phaseNames={phaseNames} {...control} {...chosen} />}
        </FormField>
        <FormField id="move-start" label="Start date" error={errors.startDate?.message}>
          {(control) => <Input type="date" {...control} {...form.register('startDate')} />}
        </FormField>
        <FormField id="move-end" label="End date" error={errors.endDate?.message}>
          {(control) => <Input type="date" {...control} {...form.register('endDate')} />}
        </FormField>
      </div>
      <BusyButton type="submit" busy={busy} busyLabel="Moving...">
        Move Task
      </BusyButton>
    </form>
  );
}
