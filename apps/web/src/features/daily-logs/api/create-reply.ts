import type { ReplyAnswer, ReplyDto } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';

export interface NewReply {
  dailyLogId: string;
  /** The reply being answered; absent when answering the log itself. */
  parentReplyId: string | null;
  message: string;
  files: File[];
}

/** POST /daily-logs/{id}/replies (multipart, files in `files`). */
export async function createReply(reply: NewReply, transport: UploadTransport): Promise<ReplyDto> {
  const form = new FormData();
  form.append('message', reply.message);
  if (reply.parentReplyId) form.append('parentReplyId', reply.parentReplyId);
  for (const file of reply.files) form.append('files', file);
  const { reply: created } = await uploadWithProgress<ReplyAnswer>(
    `/daily-logs/${encodeURIComponent(reply.dailyLogId)}/replies`,
    form,
    transport,
  );
  return created;
}
