import {
  LINK_TYPE_LABELS,
  SCHEDULE_MESSAGES,
  type ScheduleDto,
} from '@trowel/shared/schedule/schedule.schemas.ts';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { useScheduleChanges } from '../api/change-schedule.ts';

interface TaskLinksProps {
  schedule: Pick<ScheduleDto, 'tasks' | 'links'>;
  unlink: ReturnType<typeof useScheduleChanges>['unlink'];
}

/** The project's links in words ("Dig → Pour, finish to start, 2 days' lag"), each with Remove. */
export function TaskLinks({ schedule, unlink }: TaskLinksProps) {
  const names = new Map(schedule.tasks.map((task) => [task.id, task.name]));
  if (schedule.links.length === 0) return <p className="text-sm text-slate-600">No links yet.</p>;
  const remove = async (linkId: string) => {
    try {
      await unlink.mutateAsync(linkId);
    } catch (error) {
      toast.error(SCHEDULE_MESSAGES.unlinkFailed, { description: errorMessage(error, 'Please try again.') });
    }
  };
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Links">
      {schedule.links.map((link) => {
        const words = `${names.get(link.fromTaskId) ?? '?'} → ${names.get(link.toTaskId) ?? '?'}`;
        return (
          <li key={link.id} className="flex items-center justify-between gap-2 py-2">
            <span className="min-w-0 wrap-anywhere">
              {words}
              <span className="text-slate-500">
                {' '}
                · {LINK_TYPE_LABELS[link.type]}
                {link.lagDays !== 0 ? ` · lag ${link.lagDays} d` : ''}
              </span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove link ${words}`}
              disabled={unlink.isPending}
              onClick={() => void remove(link.id)}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
