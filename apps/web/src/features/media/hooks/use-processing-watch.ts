import { countOf } from '@trowel/shared/format/plural.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { getProcessingStatus } from '../api/get-processing-status.ts';
import { pollProcessing, type PollOutcome } from './poll-processing.ts';

const files = (count: number) => countOf(count, 'file');

/** The completion notice of a batch. */
function announce({ completed, failed, unfinished }: PollOutcome) {
  if (unfinished.length > 0) {
    toast.info('Still processing', {
      description: `${files(unfinished.length)} will show here when ready. Refresh later to see them.`,
    });
  } else if (failed.length > 0) {
    toast.error('Processing Failed', {
      description: `${files(failed.length)} could not be processed${completed.length ? `; ${files(completed.length)} ready` : ''}.`,
    });
  } else {
    toast.success('Processing Complete', { description: `${files(completed.length)} ready to view.` });
  }
}

/**
 * Follows uploaded files through processing; when none is still processing, the media lists are
 * refreshed and a completion notice shows. Answers how many files are being followed.
 */
export function useProcessingWatch() {
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState(0);
  const running = useRef(new Set<AbortController>());

  useEffect(() => {
    const controllers = running.current;
    return () => controllers.forEach((controller) => controller.abort());
  }, []);

  async function watch(processingIds: readonly string[]) {
    if (processingIds.length === 0) return;
    const controller = new AbortController();
    running.current.add(controller);
    setProcessing((count) => count + processingIds.length);
    try {
      const outcome = await pollProcessing(processingIds, {
        check: getProcessingStatus,
        signal: controller.signal,
      });
      await invalidateAll(queryClient, staleAfter.media());
      announce(outcome);
    } catch {
      // Stopped because the screen closed: nobody is left to tell.
    } finally {
      running.current.delete(controller);
      if (!controller.signal.aborted) setProcessing((count) => count - processingIds.length);
    }
  }

  return { processing, watch };
}
