import { zodResolver } from '@hookform/resolvers/zod';
import { LINK_TYPES } from '@trowel/shared/schedule/critical-path.ts';
import {
  createTaskLinkInput,
  LINK_TYPE_LABELS,
  SCHEDULE_MESSAGES,
  type ScheduleTaskDto,
} from '@trowel/shared/schedule/schedule.schemas.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema, typedNumber } from '../../../lib/form-schema.ts';
import type { useScheduleChanges } from '../api/change-schedule.ts';
import { TaskSelect } from './task-select.tsx';

interface LinkValues {
  fromTaskId: string;
  toTaskId: string;
  type: (typeof LINK_TYPES)[number];
  lagDays: string;
}

const linkSchema = bodySchema(
  (values: LinkValues) => ({ ...values, lagDays: typedNumber(values.lagDays) ?? 0 }),
  createTaskLinkInput,
);

interface LinkTasksFormProps {
  /** The dated tasks: only they can be linked. */
  tasks: readonly ScheduleTaskDto[];
  phaseNames: ReadonlyMap<string, string>;
  link: ReturnType<typeof useScheduleChanges>['link'];
}

/** "Link tasks": the task that waits, the one it waits for, how, and the lag; a refusal shows the server's words. */
export function LinkTasksForm({ tasks, phaseNames, link }: LinkTasksFormProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(linkSchema),
    defaultValues: { fromTaskId: '', toTaskId: '', type: 'finish_to_start', lagDays: '0' } as LinkValues,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    setRefusal(null);
    try {
      await link.mutateAsync(input);
      toast.success(SCHEDULE_MESSAGES.linked);
      form.reset();
    } catch (error) {
      setRefusal(errorMessage(error, SCHEDULE_MESSAGES.linkFailed));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Link tasks">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="link-from" label="First task" error={errors.fromTaskId?.message}>
          {(control) => (
            <TaskSelect tasks={tasks} phaseNames={phaseNames} {...control} {...form.register('fromTaskId')} />
          )}
        </FormField>
        <FormField id="link-type" label="Link" error={errors.type?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('type')}>
              {LINK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {LINK_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="link-to" label="Then task" error={errors.toTaskId?.message}>
          {(control) => (
            <TaskSelect tasks={tasks} phaseNames={phaseNames} {...control} {...form.register('toTaskId')} />
          )}
        </FormField>
        <FormField id="link-lag" label="Lag (days)" error={errors.lagDays?.message}>
          {(control) => <Input inputMode="numeric" {...control} {...form.register('lagDays')} />}
        </FormField>
      </div>
      {refusal ? (
        <Alert title={SCHEDULE_MESSAGES.linkFailed} onDismiss={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      <BusyButton type="submit" busy={link.isPending} busyLabel="Linking...">
        Link Tasks
      </BusyButton>
    </form>
  );
}
