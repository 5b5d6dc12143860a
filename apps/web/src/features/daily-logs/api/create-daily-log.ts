import type {
  CreateDailyLogFields,
  DailyLogAnswer,
  DailyLogDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import type { UploadTransport } from '../../../hooks/use-idempotent-upload.ts';

/** A new log's fields as the shared schema reads them, and its files. */
export type NewDailyLog = CreateDailyLogFields & { files: File[] };

/** POST /daily-logs (multipart, files in `files`); the author and their role come from the session. */
export async function createDailyLog(log: NewDailyLog, transport: UploadTransport): Promise<DailyLogDto> {
  const form = new FormData();
  form.append('projectId', log.projectId);
  form.append('title', log.title);
  form.append('message', log.message);
  form.append('type', log.type);
  form.append('isClientVisible', String(log.isClientVisible));
  for (const file of log.files) form.append('files', file);
  const { dailyLog } = await uploadWithProgress<DailyLogAnswer>('/daily-logs', form, transport);
  return dailyLog;
}
