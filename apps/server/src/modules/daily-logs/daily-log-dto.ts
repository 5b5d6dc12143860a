import {
  DELETED_MESSAGE,
  displayTitle,
  UNKNOWN_USER,
  type DailyLogDto,
  type ReplyDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { DailyLogListRow } from './daily-logs.repository.ts';

const author = (row: { authorId: string | null; authorName: string | null; authorRole: string | null }) => ({
  id: row.authorId,
  name: row.authorName ?? UNKNOWN_USER,
  role: row.authorId ? row.authorRole : null,
});

/** Logs as answers carry them: replies nested under what they answer, files with signed links. */
export function toDailyLogDtos(logs: DailyLogListRow[], secret: string): DailyLogDto[] {
  const replies = logs.flatMap((log) => log.replies);
  const files = logs.flatMap((log) => log.files);
  const filesOfLog = groupBy(
    files.filter((file) => file.dailyLogId),
    (file) => file.dailyLogId!,
  );
  const filesOfReply = groupBy(
    files.filter((file) => file.replyId),
    (file) => file.replyId!,
  );
  const attachmentsOf = (list: AttachmentRow[] | undefined) =>
    (list ?? []).map((file) => toAttachmentDto(file, secret));
  const children = groupBy(replies, (reply) => reply.parentReplyId ?? `log:${reply.dailyLogId}`);
  const tree = (key: string): ReplyDto[] =>
    (children.get(key) ?? []).map((reply) => ({
      id: reply.id,
      dailyLogId: reply.dailyLogId,
      parentReplyId: reply.parentReplyId,
      message: reply.deletedAt ? DELETED_MESSAGE : reply.message,
      isDeleted: reply.deletedAt !== null,
      createdAt: reply.createdAt.toISOString(),
      user: author(reply),
      attachments: attachmentsOf(filesOfReply.get(reply.id)),
      replies: tree(reply.id),
    }));
  const replyCounts = groupBy(replies, (reply) => reply.dailyLogId);
  return logs.map((log) => {
    const message = log.deletedAt ? DELETED_MESSAGE : log.message;
    const createdAt = log.createdAt.toISOString();
    return {
      id: log.id,
      projectId: log.projectId,
      projectTitle: log.projectTitle,
      title: displayTitle(log),
      message,
      description: message,
      type: log.type,
      isClientVisible: log.isClientVisible,
      isDeleted: log.deletedAt !== null,
      createdAt,
      timestamp: createdAt,
      user: author(log),
      attachments: attachmentsOf(filesOfLog.get(log.id)),
      replies: tree(`log:${log.id}`),
      replyCount: replyCounts.get(log.id)?.length ?? 0,
    };
  });
}
