import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { isTaskOverdue } from '@trowel/shared/projects/phase.rules.ts';
import { TASK_PROGRESS_STEPS } from '@trowel/shared/projects/project.constants.ts';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, InputField } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { NamedOptions, SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import type { Assignee } from '../api/get-assignees.ts';
import type { TaskDraft, TaskPermissions } from './phase-draft.ts';
import { TaskAttachments } from './task-attachments.tsx';

export interface TaskEditorProps {
  index: number;
  task: TaskDraft;
  permissions: TaskPermissions;
  /** Who the task can be given to; the current assignee is added when missing. */
  assignees: readonly Assignee[];
  currentAssignee: Assignee | null;
  today: string;
  onChange: (patch: Partial<TaskDraft>) => void;
  onDelete?: (() => void) | undefined;
  onViewAttachment: (attachment: AttachmentDto, remove?: () => void) => void;
  renderThumbnail: (attachment: AttachmentDto) => ReactNode;
}

/** One task's fields; what is not this user's to change is shown disabled. */
export function TaskEditor(props: TaskEditorProps) {
  const { index, task, permissions, today, onChange } = props;
  const { full, work } = permissions;
  const id = (field: string) => `task-${task.key}-${field}`;
  const people =
    props.currentAssignee && !props.assignees.some((person) => person.id === props.currentAssignee?.id)
      ? [props.currentAssignee, ...props.assignees]
      : props.assignees;
  const steps: number[] = [...TASK_PROGRESS_STEPS];
  if (!steps.includes(task.progress)) steps.push(task.progress);
  const overdue = isTaskOverdue({ endDate: task.endDate || null, progress: task.progress }, today);

  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-slate-900">
        Task {index + 1}
        {overdue ? <Badge tone="red">Overdue</Badge> : null}
        {task.id === null ? <Badge tone="blue">New</Badge> : null}
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <InputField
          id={id('name')}
          label="Task name"
          value={task.name}
          onChange={(event) => onChange({ name: event.target.value })}
          disabled={!full}
          maxLength={200}
          required
        />
        <SelectField
          id={id('assignee')}
          label="Assigned to"
          value={task.assignedToId}
          onChange={(assignedToId) => onChange({ assignedToId })}
          disabled={!full}
        >
          <option value="">Unassigned</option>
          <NamedOptions items={people} />
        </SelectField>
        <SelectField
          id={id('progress')}
          label="Progress"
          value={String(task.progress)}
          onChange={(progress) => onChange({ progress: Number(progress) })}
          disabled={!work}
        >
          <SelectOptions values={steps} label={(step) => `${step}%`} />
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <InputField
            id={id('start')}
            label="Start date"
            type="date"
            value={task.startDate}
            onChange={(event) => onChange({ startDate: event.target.value })}
            disabled={!full}
          />
          <InputField
            id={id('end')}
            label="End date"
            type="date"
            value={task.endDate}
            onChange={(event) => onChange({ endDate: event.target.value })}
            disabled={!full}
          />
        </div>
        <div className="sm:col-span-2">
          <Field id={id('notes')} label="Notes">
            <Textarea
              id={id('notes')}
              value={task.notes}
              onChange={(event) => onChange({ notes: event.target.value })}
              disabled={!work}
              rows={3}
              maxLength={5000}
            />
          </Field>
        </div>
      </div>
      <TaskAttachments
        task={task}
        editable={work}
        onChange={onChange}
        onView={props.onViewAttachment}
        renderThumbnail={props.renderThumbnail}
      />
      {full && props.onDelete ? (
        <div className="mt-3 flex justify-end border-t border-slate-100 pt-3">
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={props.onDelete}
            aria-label={`Delete task ${index + 1}`}
          >
            <Trash2 aria-hidden="true" />
            Delete Task
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
