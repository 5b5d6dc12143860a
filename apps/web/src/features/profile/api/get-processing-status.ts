import { AVATAR_POLL_EVERY_MS, AVATAR_POLL_FIRST_MS } from '@trowel/shared/config/constants.ts';
import type { ProcessingStatus, ProcessingStatusAnswer } from '@trowel/shared/users/user.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { sleep } from '../../../lib/sleep.ts';

/** How many checks before giving up on a picture that never finishes (about two minutes). */
export const MAX_STATUS_CHECKS = 60;

export function getProcessingStatus(processingId: string, signal?: AbortSignal): Promise<ProcessingStatus> {
  return api.get<ProcessingStatusAnswer>(
    `/media/status/${encodeURIComponent(processingId)}`,
    undefined,
    signal,
  );
}

/** Checks the status after 1 s, then every 2 s, until it is completed (`failed` says whether it worked). */
export async function waitForProcessing(
  processingId: string,
  signal?: AbortSignal,
): Promise<ProcessingStatus> {
  await sleep(AVATAR_POLL_FIRST_MS, signal);
  for (let check = 1; check <= MAX_STATUS_CHECKS; check++) {
    const status = await getProcessingStatus(processingId, signal);
    if (status.status !== 'processing') return status;
    if (check < MAX_STATUS_CHECKS) await sleep(AVATAR_POLL_EVERY_MS, signal);
  }
  return {
    processingId,
    status: 'completed',
    failed: true,
    error: 'Processing took too long. Please try again.',
  };
}
