import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { isTaskOverdue, todayInLagos } from '@trowel/shared/projects/phase.rules.ts';
import type { PhaseDto, TaskDto } from '@trowel/shared/projects/project.schemas.ts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { EmptyState } from '../../../components/ui/states.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateOnly } from '../../../lib/format-date.ts';

interface PhaseTasksViewProps {
  projectId: string;
  phase: PhaseDto;
  onViewAttachment: (attachment: AttachmentDto) => void;
  renderThumbnail: (attachment: AttachmentDto) => ReactNode;
}

function TaskFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

function taskDates(task: TaskDto): string {
  if (!task.startDate && !task.endDate) return 'Not scheduled';
  return `${task.startDate ? formatDateOnly(task.startDate) : '…'} – ${task.endDate ? formatDateOnly(task.endDate) : '…'}`;
}

/** One task as text: name, assignee, dates, progress, notes and files (opened in the viewer). */
function TaskSummary({
  task,
  today,
  ...files
}: Omit<PhaseTasksViewProps, 'projectId' | 'phase'> & {
  task: TaskDto;
  today: string;
}) {
  const headingId = `task-${task.id}-name`;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold wrap-anywhere text-slate-900">
          {task.name}
        </h3>
        {isTaskOverdue(task, today) ? <Badge tone="red">Overdue</Badge> : null}
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        <TaskFact label="Assigned to">{task.assignedTo ?? 'Unassigned'}</TaskFact>
        <TaskFact label="Dates">{taskDates(task)}</TaskFact>
        <TaskFact label="Progress">{task.progress}%</TaskFact>
      </dl>
      <ProgressBar value={task.progress} label={`Progress of ${task.name}`} className="mt-2" />
      {task.notes ? (
        <p className="mt-2 text-sm wrap-anywhere whitespace-pre-line text-slate-700">{task.notes}</p>
      ) : null}
      {task.attachments.length > 0 ? (
        <ul
          aria-label={`Attachments of task ${task.name}`}
          className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-6"
        >
          {task.attachments.map((attachment) => (
            <li key={attachment.id} className="aspect-square">
              <button
                type="button"
                onClick={() => files.onViewAttachment(attachment)}
                className={cn(
                  'block size-full overflow-hidden rounded-md border border-slate-200',
                  focusRing,
                )}
              >
                {files.renderThumbnail(attachment)}
                <span className="sr-only">View {attachment.originalName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A phase's tasks for people who may read them but change none: text, not disabled form fields. */
export function PhaseTasksView({ projectId, phase, ...files }: PhaseTasksViewProps) {
  const [today] = useState(() => todayInLagos());
  return (
    <section aria-labelledby="tasks-heading" className="space-y-3">
      <h2 id="tasks-heading" className="text-lg font-semibold text-slate-900">
        Tasks
      </h2>
      {phase.tasks.length === 0 ? (
        <EmptyState title="No tasks yet" />
      ) : (
        <ul aria-label="Tasks" className="space-y-3">
          {phase.tasks.map((task) => (
            <TaskSummary key={task.id} task={task} today={today} {...files} />
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button asChild variant="outline">
          <Link to={`/projects/${encodeURIComponent(projectId)}`}>Back to Project</Link>
        </Button>
      </div>
    </section>
  );
}
