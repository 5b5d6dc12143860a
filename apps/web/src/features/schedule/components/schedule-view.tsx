import { SCHEDULE_MESSAGES, type ScheduleDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { EmptyState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateOnly, formatDateTime } from '../../../lib/format-date.ts';
import type { TaskMove } from '@trowel/shared/schedule/schedule.schemas.ts';
import { useScheduleChanges } from '../api/change-schedule.ts';
import { GanttChart } from './gantt-chart.tsx';
import type { LinkRequest } from './gantt-link-layer.tsx';
import { isDated, localToday } from './gantt-layout.ts';
import { ScheduleAgenda } from './schedule-agenda.tsx';
import { ScheduleDownloads } from './schedule-downloads.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';

/** The forecast end, the baseline's date, the exports, and Save Baseline for those who may save it. */
function ScheduleSummary({
  projectId,
  schedule,
  onSaveBaseline,
  saving,
}: {
  projectId: string;
  schedule: ScheduleDto;
  onSaveBaseline: () => void;
  saving: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <dl className="grid gap-1 text-sm sm:grid-cols-2 sm:gap-x-8">
        <div className="flex gap-2">
          <dt className="text-slate-600">Forecast end</dt>
          <dd className="font-medium text-slate-900" data-testid="forecast-end">
            {schedule.forecastEndDate ? formatDateOnly(schedule.forecastEndDate) : '—'}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Baseline</dt>
          <dd className="font-medium text-slate-900">
            {schedule.baselineSavedAt ? `Saved ${formatDateTime(schedule.baselineSavedAt)}` : 'Not saved yet'}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <ScheduleDownloads projectId={projectId} />
        {schedule.canSaveBaseline ? (
          <BusyButton
            busy={saving}
            busyLabel="Saving..."
            onClick={onSaveBaseline}
            className="w-full sm:w-auto"
          >
            Save Baseline
          </BusyButton>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A project's schedule: on a wide screen a Gantt chart, on a phone the same schedule phase by phase;
 * those who edit the project's tasks move and link them, and the project's managers save a baseline.
 */
export function ScheduleView({ projectId, schedule }: { projectId: string; schedule: ScheduleDto }) {
  const changes = useScheduleChanges(projectId);
  const move = async (taskMove: TaskMove) => {
    try {
      await changes.move.mutateAsync(taskMove);
      toast.success(SCHEDULE_MESSAGES.moved);
    } catch (error) {
      toast.error(SCHEDULE_MESSAGES.moveFailed, { description: errorMessage(error, 'Please try again.') });
    }
  };
  const saveBaseline = async () => {
    try {
      await changes.saveBaseline.mutateAsync();
      toast.success(SCHEDULE_MESSAGES.baselineSaved);
    } catch (error) {
      toast.error(SCHEDULE_MESSAGES.baselineFailed, {
        description: errorMessage(error, 'Please try again.'),
      });
    }
  };
  const [linkRefusal, setLinkRefusal] = useState<string | null>(null);
  const linkByDrag = async (request: LinkRequest) => {
    setLinkRefusal(null);
    try {
      await changes.link.mutateAsync({ ...request, type: 'finish_to_start', lagDays: 0 });
      toast.success(SCHEDULE_MESSAGES.linked);
    } catch (error) {
      setLinkRefusal(errorMessage(error, SCHEDULE_MESSAGES.linkFailed));
    }
  };
  const undated = schedule.tasks.filter((task) => !isDated(task)).length;
  return (
    <div className="space-y-4">
      <ScheduleSummary
        projectId={projectId}
        schedule={schedule}
        onSaveBaseline={() => void saveBaseline()}
        saving={changes.saveBaseline.isPending}
      />
      {schedule.tasks.length === 0 ? (
        <EmptyState title={SCHEDULE_MESSAGES.noTasks} description={SCHEDULE_MESSAGES.noTasksHint} />
      ) : (
        <>
          <div className="hidden md:block">
            <GanttChart
              schedule={schedule}
              today={localToday()}
              onMove={schedule.canLink ? (taskMove) => void move(taskMove) : undefined}
              onLink={schedule.canLink ? (request) => void linkByDrag(request) : undefined}
            />
            {linkRefusal ? (
              <Alert
                title={SCHEDULE_MESSAGES.linkFailed}
                onDismiss={() => setLinkRefusal(null)}
                className="mt-2"
              >
                {linkRefusal}
              </Alert>
            ) : null}
            <p className="mt-2 text-xs text-slate-600">
              Red: the critical path. Grey line under a bar: its baseline dates. Dashed line: today.
              {schedule.canLink
                ? ` Drag a bar to move it, its right end to stretch it. ${SCHEDULE_MESSAGES.linkByDrag}`
                : ''}
              {undated > 0 ? ` ${undated} task(s) without dates are not drawn.` : ''}
            </p>
          </div>
          <div className="md:hidden">
            <ScheduleAgenda schedule={schedule} />
          </div>
          {schedule.canLink ? <ScheduleEditor schedule={schedule} changes={changes} onMove={move} /> : null}
        </>
      )}
    </div>
  );
}
