import type { ProcessingStatus, ProcessingStatusAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /media/status/{processingId}: whether an uploaded file is still being processed. */
export function getProcessingStatus(processingId: string, signal?: AbortSignal): Promise<ProcessingStatus> {
  return api.get<ProcessingStatusAnswer>(
    `/media/status/${encodeURIComponent(processingId)}`,
    undefined,
    signal,
  );
}
