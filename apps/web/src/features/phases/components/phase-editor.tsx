import { useQueryClient } from '@tanstack/react-query';
import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { todayInLagos } from '@trowel/shared/projects/phase.rules.ts';
import { statusText } from '@trowel/shared/projects/project.constants.ts';
import { canEditOwnTask, projectAbilities } from '@trowel/shared/projects/project.policy.ts';
import type { PhaseDto, ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { enqueue } from '../../../lib/outbox/outbox.ts';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { EmptyState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useAssignees } from '../api/get-assignees.ts';
import { usePhaseDraft } from '../hooks/use-phase-draft.ts';
import type { TaskDraft, TaskPermissions } from './phase-draft.ts';
import { phaseLabel } from '@trowel/shared/projects/phase.names.ts';
import { offlineTaskUpdates, phaseDraftProblem, savePhaseDraft, type SavePhasePlan } from './save-phase.ts';
import { TaskEditor } from './task-editor.tsx';

export interface PhaseEditorProps {
  project: ProjectDto;
  phase: PhaseDto;
  onViewAttachment: (attachment: AttachmentDto, remove?: () => void) => void;
  renderThumbnail: (attachment: AttachmentDto) => ReactNode;
}

/**
 * The phase label and its tasks. Full task editors change everything; an assignee changes notes,
 * progress and attachments of their own tasks and sees the others' disabled (PhaseTasksView is for readers).
 */
export function PhaseEditor({ project, phase, onViewAttachment, renderThumbnail }: PhaseEditorProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const full = projectAbilities(user, project).editTasksFully;
  const editor = usePhaseDraft(phase);
  const { draft } = editor;
  const [saving, setSaving] = useState(false);
  const assignees = useAssignees(full);
  const [today] = useState(() => todayInLagos());
  const saved = new Map(phase.tasks.map((task) => [task.id, task]));
  const projectPath = `/projects/${encodeURIComponent(project.id)}`;

  const permissionsOf = (task: TaskDraft): TaskPermissions => {
    const original = task.id ? saved.get(task.id) : undefined;
    return { full, work: full || (original !== undefined && canEditOwnTask(user, original)) };
  };
  const canSave = full || draft.tasks.some((task) => permissionsOf(task).work);

  /** Offline: task progress and notes go to the outbox; other changes need the network. */
  async function keepForLater(plan: SavePhasePlan) {
    const items = offlineTaskUpdates(plan, user.id);
    if (!items) {
      toast.error('Error Saving Phase', { description: OUTBOX_MESSAGES.needsNetwork });
      return;
    }
    for (const item of items) await enqueue(item);
    toast.success(OUTBOX_MESSAGES.queued);
    void navigate(projectPath);
  }

  async function save() {
    const plan = { projectId: project.id, phase, draft, canEditLabel: full, permissionsOf };
    const problem = phaseDraftProblem(plan);
    if (problem) {
      toast.error('Error Saving Phase', { description: problem });
      return;
    }
    if (!navigator.onLine) {
      await keepForLater(plan);
      return;
    }
    setSaving(true);
    try {
      const progress = { onTaskCreated: editor.taskCreated, onTaskDeleted: editor.taskDeleted };
      const result = await savePhaseDraft(plan, progress);
      void invalidateAll(queryClient, staleAfter.project());
      if (result.failedFiles.length > 0) {
        toast.warning('Attachment Upload Warning', {
          description: `Some attachments could not be saved (${result.failedFiles.filter(Boolean).join(', ')}). The task was saved.`,
        });
      } else {
        toast.success('Phase Updated', { description: `Phase "${phaseLabel(phase)}" has been saved.` });
      }
      void navigate(projectPath);
    } catch (error) {
      void invalidateAll(queryClient, staleAfter.project());
      toast.error('Error Saving Phase', {
        description: errorMessage(error, 'An unexpected error occurred. Please try again.'),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Phase Details</CardTitle>
          <p className="text-sm text-slate-600">
            Phase: {phase.name} · {statusText(phase.status)} · {phase.progress}%
          </p>
        </CardHeader>
        <CardContent>
          <label htmlFor="phase-label" className="text-sm font-medium text-slate-800">
            Phase label
          </label>
          <Input
            id="phase-label"
            className="mt-1"
            value={draft.label}
            placeholder={phase.name}
            onChange={(event) => editor.setLabel(event.target.value)}
            disabled={!full}
            maxLength={120}
          />
        </CardContent>
      </Card>
      <section aria-labelledby="tasks-heading" className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="tasks-heading" className="text-lg font-semibold text-slate-900">
            Tasks
          </h2>
          {full ? (
            <Button variant="outline" size="sm" onClick={editor.addTask}>
              <Plus aria-hidden="true" />
              Add Task
            </Button>
          ) : null}
        </div>
        {draft.tasks.length === 0 ? (
          <EmptyState
            title="No tasks yet"
            description={full ? 'Add the first task of this phase.' : undefined}
          />
        ) : null}
        {draft.tasks.map((task, index) => {
          const original = task.id ? saved.get(task.id) : undefined;
          return (
            <TaskEditor
              key={task.key}
              index={index}
              task={task}
              permissions={permissionsOf(task)}
              assignees={assignees.data ?? []}
              currentAssignee={
                original?.assignedToId ? { id: original.assignedToId, name: original.assignedTo ?? '' } : null
              }
              today={today}
              onChange={(patch) => editor.patchTask(task.key, patch)}
              onDelete={full ? () => editor.removeTask(task) : undefined}
              onViewAttachment={onViewAttachment}
              renderThumbnail={renderThumbnail}
            />
          );
        })}
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={projectPath}>{canSave ? 'Cancel' : 'Back to Project'}</Link>
        </Button>
        {canSave ? (
          <BusyButton onClick={() => void save()} busy={saving} busyLabel="Saving...">
            Save Changes
          </BusyButton>
        ) : null}
      </div>
    </div>
  );
}
