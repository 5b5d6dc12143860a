import { canDeleteMessage, canReplyToLog } from '@trowel/shared/daily-logs/daily-log.policy.ts';
import {
  DELETED_MESSAGE,
  type DailyLogDto,
  type ReplyDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import type { MessageRef } from '../hooks/daily-log-cache.ts';
import { MessageActions } from './message-actions.tsx';
import { MessageAttachments } from './message-attachments.tsx';
import { authorName, MessageByline } from './message-byline.tsx';
import { QueuedReplies } from './queued-replies.tsx';
import { ReplyForm } from './reply-form.tsx';

/** Deeper replies stop moving right, so threads stay readable on a 360 px phone. */
const MAX_INDENTED_DEPTH = 3;

interface ReplyThreadProps {
  log: DailyLogDto;
  replies: readonly ReplyDto[];
  depth?: number;
  onDelete: (target: MessageRef) => void;
}

/** Replies to a log or to a reply, each with its own replies beneath it. */
export function ReplyThread({ log, replies, depth = 0, onDelete }: ReplyThreadProps) {
  if (replies.length === 0) return null;
  return (
    <ul
      aria-label="Replies"
      className={cn(
        'mt-3 space-y-3',
        depth < MAX_INDENTED_DEPTH ? 'border-l-2 border-slate-100 pl-3 sm:pl-4' : 'pl-0',
      )}
    >
      {replies.map((reply) => (
        <li key={reply.id}>
          <ReplyItem log={log} reply={reply} depth={depth} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}

function ReplyItem({
  log,
  reply,
  depth,
  onDelete,
}: { log: DailyLogDto; reply: ReplyDto; depth: number } & Pick<ReplyThreadProps, 'onDelete'>) {
  const user = useCurrentUser();
  const [replying, setReplying] = useState(false);
  const author = authorName(reply.user);
  // A deleted log or reply takes no answers; clients answer only on logs shared with them.
  const mayReply = canReplyToLog(user, {
    isClientVisible: log.isClientVisible,
    isDeleted: log.isDeleted || reply.isDeleted,
  });
  const mayDelete = canDeleteMessage(user, { authorId: reply.user.id, isDeleted: reply.isDeleted });
  return (
    <article aria-label={`Reply by ${author}`} className="text-sm">
      <MessageByline author={reply.user} at={reply.createdAt} compact />
      {reply.isDeleted ? (
        <p className="mt-1 text-slate-500 italic">{DELETED_MESSAGE}</p>
      ) : (
        <>
          <p className="mt-1 wrap-anywhere whitespace-pre-wrap text-slate-800">{reply.message}</p>
          <MessageAttachments attachments={reply.attachments} />
        </>
      )}
      <MessageActions
        replying={replying}
        onReply={mayReply ? () => setReplying((open) => !open) : undefined}
        onDelete={mayDelete ? () => onDelete({ logId: log.id, replyId: reply.id }) : undefined}
      />
      {replying ? (
        <ReplyForm
          dailyLogId={log.id}
          parentReplyId={reply.id}
          answering={author}
          onClose={() => setReplying(false)}
        />
      ) : null}
      <ReplyThread log={log} replies={reply.replies} depth={depth + 1} onDelete={onDelete} />
      <QueuedReplies logId={log.id} parentReplyId={reply.id} />
    </article>
  );
}
