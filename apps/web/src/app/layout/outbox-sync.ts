import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startOutbox, stopOutbox } from '../../lib/outbox/outbox.ts';
import type { OutboxItem } from '../../lib/outbox/outbox-store.ts';
import { invalidateAll, queryKeys, staleAfter } from '../../lib/query-keys.ts';

/** What each kind of sent item makes stale: its lists show the server's copy from then on. */
function staleAfterSent(item: OutboxItem) {
  switch (item.kind) {
    case 'daily-log':
    case 'reply':
      return [queryKeys.dailyLogs.all, queryKeys.media.all, queryKeys.projects.all];
    case 'material-request':
      return staleAfter.materialRequest();
    case 'task-progress':
      return staleAfter.project();
    case 'delivery':
      return staleAfter.purchaseOrder();
    default: {
      const unknownKind: never = item.kind;
      throw new Error(`No stale keys for ${String(unknownKind)}`);
    }
  }
}

function refreshAfterSent(queryClient: QueryClient) {
  return (item: OutboxItem) => void invalidateAll(queryClient, staleAfterSent(item));
}

/** While a person is signed in, their outbox sends (again after a reload or a new sign-in). */
export function useOutboxSync(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    startOutbox(userId, refreshAfterSent(queryClient));
    return stopOutbox;
  }, [userId, queryClient]);
}
