import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { useMemo, useState } from 'react';
import { AttachmentThumbnail } from '../../features/attachments/components/attachment-thumbnail.tsx';
import { AttachmentViewer } from '../../features/attachments/components/attachment-viewer.tsx';
import type { AttachmentSlots } from '../../features/daily-logs/components/attachment-slots.tsx';
import { DailyLogBoard } from '../../features/daily-logs/components/daily-log-board.tsx';
import { useProjectChoices } from './project-choices.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /daily-log and /updates: the logs, with attachments in the shared thumbnails and viewer overlay. */
export function DailyLogRoute() {
  const projects = useProjectChoices();
  useDocumentTitle('Daily Logs');
  const [viewing, setViewing] = useState<AttachmentDto | null>(null);
  const attachments = useMemo<AttachmentSlots>(
    () => ({
      renderThumbnail: (attachment) => <AttachmentThumbnail attachment={attachment} />,
      open: setViewing,
    }),
    [],
  );
  return (
    <>
      <DailyLogBoard projects={projects} attachments={attachments} />
      <AttachmentViewer attachment={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
