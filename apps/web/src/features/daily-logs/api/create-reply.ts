import type {
  CreateReplyFields,
  ReplyAnswer,
  ReplyDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';
import type { NewOutboxItem } from '../../../lib/outbox/outbox.ts';
import { multipartFields, toFormData } from '../../../lib/outbox/outbox-send.ts';

/** A reply's fields as the shared schema reads them (no `parentReplyId` when it answers the log), its log and files. */
export type NewReply = CreateReplyFields & { dailyLogId: string; files: File[] };

const repliesPath = (reply: NewReply) => `/daily-logs/${encodeURIComponent(reply.dailyLogId)}/replies`;

function replyBody(reply: NewReply) {
  return multipartFields(
    { message: reply.message, parentReplyId: reply.parentReplyId || undefined },
    reply.files,
  );
}

/** POST /daily-logs/{id}/replies (multipart, files in `files`). */
export async function createReply(reply: NewReply, transport: UploadTransport): Promise<ReplyDto> {
  const { reply: created } = await uploadWithProgress<ReplyAnswer>(
    repliesPath(reply),
    toFormData(replyBody(reply)),
    transport,
  );
  return created;
}

/** The same reply as an outbox item, sent later under `idempotencyKey`. */
export function replyOutboxItem(reply: NewReply, userId: string, idempotencyKey: string): NewOutboxItem {
  return {
    id: idempotencyKey,
    userId,
    kind: 'reply',
    label: `Reply: ${reply.message.slice(0, 60)}`,
    projectId: null,
    method: 'POST',
    path: repliesPath(reply),
    body: replyBody(reply),
    preview: {
      message: reply.message,
      dailyLogId: reply.dailyLogId,
      parentReplyId: reply.parentReplyId ?? '',
      files: String(reply.files.length),
    },
  };
}
