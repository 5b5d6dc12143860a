import { projectScope } from '@trowel/shared/auth/scope.ts';
import { canCreateLog } from '@trowel/shared/daily-logs/daily-log.policy.ts';
import type { DateRange } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import type { EmptyStateProps } from '../../../components/ui/states.tsx';
import { useCardPageSize } from '../../../hooks/use-card-page-size.ts';
import { useProjectIdParam } from '../../../hooks/use-project-id-param.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDailyLogs } from '../api/get-daily-logs.ts';
import type { MessageRef } from '../hooks/daily-log-cache.ts';
import type { ProjectChoice } from '../types.ts';
import { AddLogForm } from './add-log-form.tsx';
import { AttachmentSlotsProvider, type AttachmentSlots } from './attachment-slots.tsx';
import { DailyLogFeed } from './daily-log-feed.tsx';
import { QueuedLogs } from './queued-logs.tsx';
import { DailyLogFilters } from './daily-log-filters.tsx';
import { dateRangeFilter, type CustomRange } from './date-range.ts';
import { DeleteMessageDialog } from './delete-message-dialog.tsx';

interface DailyLogBoardProps {
  /** The projects the user can see, for the filter and the form. */
  projects: readonly ProjectChoice[];
  /** How attachments are drawn and opened (a plain tile and a new tab when not given). */
  attachments?: AttachmentSlots;
}

const NO_CUSTOM_RANGE: CustomRange = { start: '', end: '' };

/** The daily logs screen: filters, the add form, the logs with their threads, and deletion. */
export function DailyLogBoard({ projects, attachments }: DailyLogBoardProps) {
  const user = useCurrentUser();
  // The project filter lives in the address, so a link (or reload) opens the same project's logs.
  const [projectId, setProject] = useProjectIdParam();
  const [range, setRange] = useState<DateRange>('all');
  const [custom, setCustom] = useState<CustomRange>(NO_CUSTOM_RANGE);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<MessageRef | null>(null);
  const mayCreate = canCreateLog(user);
  const pageSize = useCardPageSize();
  const list = useDailyLogs(
    { projectId: projectId || undefined, ...dateRangeFilter(range, custom) },
    pageSize,
  );

  // One toast per failed load, next to the panel that stays on screen.
  const failedAt = list.query.isError ? list.query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error('Error loading daily logs', { description: 'Please try again later.' });
  }, [failedAt]);

  const clearFilters = () => {
    setProject('');
    setRange('all');
    setCustom(NO_CUSTOM_RANGE);
  };

  const openForm = () => {
    setAdding(true);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const filtered = Boolean(projectId) || range !== 'all';
  let empty: EmptyStateProps;
  if (projectScope(user) === 'own') {
    empty = { title: 'No daily logs yet', description: 'No daily logs have been shared with you yet.' };
  } else {
    empty = {
      title: 'No daily logs yet',
      description: filtered
        ? 'Try adjusting the filters, or add the first log.'
        : 'Record progress, milestones and issues from site.',
      action: mayCreate ? <Button onClick={openForm}>Add First Log</Button> : undefined,
    };
  }

  const body = (
    <section aria-label="Daily Logs">
      <PageHeader
        title="Daily Logs"
        description={
          projectScope(user) === 'own'
            ? 'Updates from site on your projects.'
            : 'Progress, milestones and issues from site.'
        }
        actions={
          mayCreate && !adding ? (
            <Button onClick={openForm}>
              <Plus aria-hidden="true" />
              Add Log
            </Button>
          ) : null
        }
      />
      {adding ? (
        <AddLogForm projects={projects} projectId={projectId} onClose={() => setAdding(false)} />
      ) : null}
      <DailyLogFilters
        projects={projects}
        projectId={projectId}
        onProjectChange={setProject}
        range={range}
        onRangeChange={setRange}
        custom={custom}
        onCustomChange={setCustom}
        onClear={clearFilters}
      />
      <QueuedLogs projectId={projectId} />
      <DailyLogFeed list={list} empty={empty} onDelete={setDeleting} />
      <DeleteMessageDialog target={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
  return attachments ? <AttachmentSlotsProvider slots={attachments}>{body}</AttachmentSlotsProvider> : body;
}
