import { canDeleteMessage, canReplyToLog } from '@trowel/shared/daily-logs/daily-log.policy.ts';
import {
  DELETED_MESSAGE,
  displayTitle,
  type DailyLogDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { FolderKanban } from 'lucide-react';
import { useState, type Ref } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import type { MessageRef } from '../hooks/daily-log-cache.ts';
import { ClientVisibleBadge, LogTypeBadge } from './log-badges.tsx';
import { MessageActions } from './message-actions.tsx';
import { MessageAttachments } from './message-attachments.tsx';
import { authorName, MessageByline } from './message-byline.tsx';
import { ReplyForm } from './reply-form.tsx';
import { QueuedReplies } from './queued-replies.tsx';
import { ReplyThread } from './reply-thread.tsx';

interface DailyLogCardProps {
  log: DailyLogDto;
  onDelete: (target: MessageRef) => void;
  ref?: Ref<HTMLElement>;
}

/** One log: type, visibility, title, text, author, files, and its thread of replies. */
export function DailyLogCard({ log, onDelete, ref }: DailyLogCardProps) {
  const user = useCurrentUser();
  const [replying, setReplying] = useState(false);
  const titleId = `daily-log-${log.id}-title`;
  const mayReply = canReplyToLog(user, log);
  const mayDelete = canDeleteMessage(user, { authorId: log.user.id, isDeleted: log.isDeleted });
  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <LogTypeBadge type={log.type} />
        {log.isClientVisible ? <ClientVisibleBadge /> : null}
        {log.projectTitle ? (
          <span className="flex min-w-0 items-center gap-1 text-xs text-slate-500">
            <FolderKanban aria-hidden="true" className="size-3.5 shrink-0" />
            <span title={log.projectTitle} className="truncate">
              {log.projectTitle}
            </span>
          </span>
        ) : null}
      </div>
      <h2
        id={titleId}
        className={cn(
          'mt-2 text-base font-semibold wrap-anywhere',
          log.isDeleted ? 'font-normal text-slate-500 italic' : 'text-slate-900',
        )}
      >
        {log.isDeleted ? DELETED_MESSAGE : displayTitle(log)}
      </h2>
      <div className="mt-2">
        <MessageByline author={log.user} at={log.createdAt || log.timestamp} />
      </div>
      {log.isDeleted ? null : (
        <>
          <p className="mt-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">
            {log.message || log.description}
          </p>
          <MessageAttachments attachments={log.attachments} />
        </>
      )}
      <MessageActions
        replying={replying}
        onReply={mayReply ? () => setReplying((open) => !open) : undefined}
        onDelete={mayDelete ? () => onDelete({ logId: log.id }) : undefined}
      />
      {replying ? (
        <ReplyForm
          dailyLogId={log.id}
          parentReplyId={null}
          answering={authorName(log.user)}
          onClose={() => setReplying(false)}
        />
      ) : null}
      <ReplyThread log={log} replies={log.replies} onDelete={onDelete} />
      <QueuedReplies logId={log.id} parentReplyId={null} />
    </article>
  );
}
