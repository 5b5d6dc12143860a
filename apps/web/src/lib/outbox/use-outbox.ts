import { useSyncExternalStore } from 'react';
import { outboxSnapshot, subscribeOutbox, type OutboxSnapshot } from './outbox.ts';
import type { OutboxItem, OutboxKind } from './outbox-store.ts';

/** The outbox, kept current as items are queued, sent or fail. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribeOutbox, outboxSnapshot);
}

/** This person's items of one kind that the server does not have yet, oldest first. */
export function useUnsent(userId: string, kind: OutboxKind): OutboxItem[] {
  const { items } = useOutbox();
  return items.filter((item) => item.kind === kind && item.userId === userId && item.state !== 'sent');
}

/** Items still to go (waiting, sending or failed): the badge's count. */
export function unsentItems(items: readonly OutboxItem[]): OutboxItem[] {
  return items.filter((item) => item.state !== 'sent');
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network, as it tells. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
