import type {
  CreateReplyFields,
  ReplyAnswer,
  ReplyDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';

/** A reply's fields as the shared schema reads them (no `parentReplyId` when it answers the log), its log and files. */
export type NewReply = CreateReplyFields & { dailyLogId: string; files: File[] };

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
