import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  DailyLogDto,
  DailyLogListAnswer,
  ReplyDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A log or, with replyId, one of its replies at any depth. */
export interface MessageRef {
  logId: string;
  replyId?: string | undefined;
}

function containsReply(replies: readonly ReplyDto[], replyId: string): boolean {
  return replies.some((reply) => reply.id === replyId || containsReply(reply.replies, replyId));
}

function addUnder(replies: ReplyDto[], reply: ReplyDto): ReplyDto[] {
  return replies.map((candidate) =>
    candidate.id === reply.parentReplyId
      ? { ...candidate, replies: [...candidate.replies, reply] }
      : { ...candidate, replies: addUnder(candidate.replies, reply) },
  );
}

/** The logs with a new reply in its place in the thread (once: a retried reply is not added twice). */
export function addReply(logs: readonly DailyLogDto[], reply: ReplyDto): DailyLogDto[] {
  return logs.map((log) => {
    if (log.id !== reply.dailyLogId || containsReply(log.replies, reply.id)) return log;
    const replies =
      reply.parentReplyId && containsReply(log.replies, reply.parentReplyId)
        ? addUnder(log.replies, reply)
        : [...log.replies, reply];
    return { ...log, replies, replyCount: log.replyCount + 1 };
  });
}

function deleteIn(replies: ReplyDto[], replyId: string): ReplyDto[] {
  return replies.map((reply) =>
    reply.id === replyId
      ? { ...reply, isDeleted: true, attachments: [] }
      : { ...reply, replies: deleteIn(reply.replies, replyId) },
  );
}

/** The logs with one message marked deleted; it stays in the thread, as the server keeps it. */
export function markDeleted(logs: readonly DailyLogDto[], target: MessageRef): DailyLogDto[] {
  return logs.map((log) => {
    if (log.id !== target.logId) return log;
    if (target.replyId) return { ...log, replies: deleteIn(log.replies, target.replyId) };
    return { ...log, isDeleted: true, attachments: [] };
  });
}

/**
 * Applies a change to every cached list of logs (screen pages and project previews) so the thread
 * updates without reloading every page; they are marked stale to be refreshed on next use.
 */
export async function updateCachedLogs(
  queryClient: QueryClient,
  change: (logs: readonly DailyLogDto[]) => DailyLogDto[],
): Promise<void> {
  const apply = (answer: DailyLogListAnswer): DailyLogListAnswer => ({
    ...answer,
    dailyLogs: change(answer.dailyLogs),
  });
  queryClient.setQueriesData<InfiniteData<DailyLogListAnswer>>(
    { queryKey: queryKeys.dailyLogs.lists },
    (data) => (data ? { ...data, pages: data.pages.map(apply) } : data),
  );
  queryClient.setQueriesData<DailyLogListAnswer>({ queryKey: queryKeys.dailyLogs.allLatest }, (data) =>
    data ? apply(data) : data,
  );
  await queryClient.invalidateQueries({ queryKey: queryKeys.dailyLogs.all, refetchType: 'none' });
}
