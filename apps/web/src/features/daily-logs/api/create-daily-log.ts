import type {
  CreateDailyLogFields,
  DailyLogAnswer,
  DailyLogDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';
import type { NewOutboxItem } from '../../../lib/outbox/outbox.ts';
import { multipartFields, toFormData } from '../../../lib/outbox/outbox-send.ts';

/** A new log's fields as the shared schema reads them, and its files. */
export type NewDailyLog = CreateDailyLogFields & { files: File[] };

const DAILY_LOGS_PATH = '/daily-logs';

function dailyLogFields(log: NewDailyLog) {
  return {
    projectId: log.projectId,
    title: log.title,
    message: log.message,
    type: log.type,
    isClientVisible: String(log.isClientVisible),
  };
}

/** POST /daily-logs (multipart, files in `files`); the author and their role come from the session. */
export async function createDailyLog(log: NewDailyLog, transport: UploadTransport): Promise<DailyLogDto> {
  const body = multipartFields(dailyLogFields(log), log.files);
  const { dailyLog } = await uploadWithProgress<DailyLogAnswer>(DAILY_LOGS_PATH, toFormData(body), transport);
  return dailyLog;
}

/** The same log as an outbox item, sent later under `idempotencyKey` (its photos already shrunk). */
export function dailyLogOutboxItem(log: NewDailyLog, userId: string, idempotencyKey: string): NewOutboxItem {
  const fields = dailyLogFields(log);
  return {
    id: idempotencyKey,
    userId,
    kind: 'daily-log',
    label: `Daily log: ${log.title}`,
    projectId: log.projectId,
    method: 'POST',
    path: DAILY_LOGS_PATH,
    body: multipartFields(fields, log.files),
    preview: { ...fields, files: String(log.files.length) },
  };
}
