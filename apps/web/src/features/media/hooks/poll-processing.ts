import { PROCESSING_POLL } from '@trowel/shared/media/media.schemas.ts';
import type { ProcessingStatus } from '@trowel/shared/users/user.schemas.ts';
import { sleep } from '../../../lib/sleep.ts';

export interface PollSchedule {
  firstDelayMs: number;
  intervalMs: number;
  afterErrorMs: number;
  maxAttempts: number;
}

export interface PollOutcome {
  completed: string[];
  failed: Array<{ processingId: string; error: string | undefined }>;
  /** Still processing after the last attempt. */
  unfinished: string[];
  attempts: number;
}

interface PollOptions {
  check: (processingId: string, signal?: AbortSignal) => Promise<ProcessingStatus>;
  signal?: AbortSignal | undefined;
  schedule?: PollSchedule;
}

/**
 * Checks each processing id until none is still processing (spec 1 §4): the first round after 3 s,
 * then every 2 s, 3 s after a round in which a check failed, at most 30 rounds. Rejects when aborted.
 */
export async function pollProcessing(
  processingIds: readonly string[],
  { check, signal, schedule = PROCESSING_POLL }: PollOptions,
): Promise<PollOutcome> {
  const pending = new Set(processingIds);
  const outcome: PollOutcome = { completed: [], failed: [], unfinished: [], attempts: 0 };
  let delay = schedule.firstDelayMs;
  while (pending.size > 0 && outcome.attempts < schedule.maxAttempts) {
    await sleep(delay, signal);
    outcome.attempts += 1;
    let checkFailed = false;
    await Promise.all(
      [...pending].map(async (processingId) => {
        try {
          const { status, failed, error } = await check(processingId, signal);
          if (status === 'processing') return;
          pending.delete(processingId);
          if (failed) outcome.failed.push({ processingId, error });
          else outcome.completed.push(processingId);
        } catch (error) {
          if (signal?.aborted) throw error;
          checkFailed = true;
        }
      }),
    );
    delay = checkFailed ? schedule.afterErrorMs : schedule.intervalMs;
  }
  outcome.unfinished = [...pending];
  return outcome;
}
