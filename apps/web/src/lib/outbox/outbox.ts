import { countOf } from '@trowel/shared/format/plural.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { getToken, isApiError, isOutcomeUnknown } from '../api-client.ts';
import { newIdempotencyKey } from '../idempotency.ts';
import { sendItem } from './outbox-send.ts';
import { deleteItem, putItem, readItems, type OutboxItem } from './outbox-store.ts';
import { discardStagedUpload } from './resumable-upload.ts';

/** What a captured action needs to be queued; the outbox adds the rest. */
export type NewOutboxItem = Pick<
  OutboxItem,
  'userId' | 'kind' | 'label' | 'projectId' | 'method' | 'path' | 'body' | 'preview'
> & { id?: string };

/** The outbox as the screens see it: its items, and the progress of the one being sent. */
export interface OutboxSnapshot {
  items: readonly OutboxItem[];
  progress: Readonly<Record<string, number>>;
  /** Sending waits for a new sign-in (the session ended during sync). */
  paused: boolean;
}

/** Back-off after an attempt the network or the server could not complete: 2 s, 4 s, ... at most a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.min(attempts, 6));
}
/** A server error (5xx other than a gateway's) is tried this many times before the item shows as failed. */
export const MAX_SERVER_ERROR_ATTEMPTS = 5;
/** Sent items stay listed (without their files) this long, so the person sees them go. */
const SENT_KEPT_MS = 24 * 3600_000;

type SentListener = (item: OutboxItem, answer: unknown) => void;

let snapshot: OutboxSnapshot = { items: [], progress: {}, paused: false };
const listeners = new Set<() => void>();
let userId: string | null = null;
let onSent: SentListener = () => undefined;
let running = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let loaded: Promise<void> | null = null;
/** The next run tries waiting items at once, whatever their back-off. */
let backoffCleared = false;
/** Items a closed page left half-sent were put back to waiting (once per page). */
let recovered = false;

function publish(next: Partial<OutboxSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxSnapshot(): OutboxSnapshot {
  return snapshot;
}

async function reload() {
  publish({ items: await readItems() });
}

async function save(item: OutboxItem) {
  await putItem(item);
  publish({ items: snapshot.items.map((each) => (each.id === item.id ? item : each)) });
}

/** Drops sent items older than a day; sent items keep no files. */
async function pruneSent(now = Date.now()) {
  for (const item of await readItems()) {
    if (item.state === 'sent' && item.sentAt && now - Date.parse(item.sentAt) > SENT_KEPT_MS) {
      await deleteItem(item.id);
    }
  }
}

/**
 * Starts sending the signed-in person's queued actions (again after a reload), in the order they
 * were captured, whenever the browser is online. `sent` hears of each one the server took.
 */
export function startOutbox(forUserId: string, sent: SentListener): void {
  userId = forUserId;
  onSent = sent;
  publish({ paused: false });
  loaded ??= (async () => {
    window.addEventListener('online', () => wakeOutbox(true));
    try {
      await pruneSent();
      await reload();
    } catch {
      // IndexedDB unavailable: nothing was queued, and capture falls back to sending directly.
    }
  })();
  void loaded.then(() => wakeOutbox(true));
}

/** Stops sending (sign-out): the items stay for their author's next sign-in. */
export function stopOutbox(): void {
  userId = null;
  clearTimeout(timer);
}

/** Queues a captured action (its id is its Idempotency-Key) and starts sending if it can. */
export async function enqueue(entry: NewOutboxItem): Promise<OutboxItem> {
  const item: OutboxItem = {
    ...entry,
    id: entry.id ?? newIdempotencyKey(),
    createdAt: new Date().toISOString(),
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    sentAt: null,
  };
  await putItem(item);
  await reload();
  wakeOutbox();
  return item;
}

/** Sends a failed item again, under the same key. */
export async function retryItem(id: string): Promise<void> {
  const item = snapshot.items.find((each) => each.id === id);
  if (!item) return;
  await save({ ...item, state: 'waiting', nextAttemptAt: 0, error: null });
  wakeOutbox();
}

/** Forgets an item the person chose not to send (and the server the parts of its large files). */
export async function discardItem(id: string): Promise<void> {
  const item = snapshot.items.find((each) => each.id === id);
  await deleteItem(id);
  publish({ items: snapshot.items.filter((each) => each.id !== id) });
  for (const staged of Object.values(item?.uploads ?? {})) void discardStagedUpload(staged);
}

/** Tries again now (back online, a new item, a new sign-in); `resetBackoff` clears the waits. */
export function wakeOutbox(resetBackoff = false): void {
  if (resetBackoff) backoffCleared = true;
  clearTimeout(timer);
  void run();
}

function nextDue(): OutboxItem | undefined {
  return snapshot.items.find(
    (item) => item.userId === userId && (item.state === 'waiting' || item.state === 'sending'),
  );
}

async function run() {
  if (running || !userId || !loaded) return;
  running = true;
  try {
    // One tab of the browser sends at a time; the others find the items it sent already sent.
    if (navigator.locks) await navigator.locks.request('trowel-outbox', sendDue);
    else await sendDue();
  } catch {
    // IndexedDB unavailable or refused: nothing can be queued on this browser, nothing to send.
  } finally {
    running = false;
  }
}

async function sendDue() {
  await loaded;
  if (!recovered) {
    // An item left "sending" by a page closed mid-way is sent again under its key (this tab holds the lock).
    for (const item of await readItems()) {
      if (item.state === 'sending') await putItem({ ...item, state: 'waiting' });
    }
    recovered = true;
  }
  await reload();
  if (backoffCleared) {
    backoffCleared = false;
    publish({
      items: snapshot.items.map((item) => (item.state === 'waiting' ? { ...item, nextAttemptAt: 0 } : item)),
    });
  }
  for (;;) {
    if (!userId || !navigator.onLine || snapshot.paused) return;
    const item = nextDue();
    if (!item) return;
    const wait = item.nextAttemptAt - Date.now();
    // In order: a later item does not overtake one waiting out its back-off.
    if (wait > 0) {
      timer = setTimeout(() => void run(), wait);
      return;
    }
    await attempt(item);
  }
}

async function attempt(item: OutboxItem) {
  let sending: OutboxItem = { ...item, state: 'sending', attempts: item.attempts + 1 };
  await save(sending);
  publish({ progress: { ...snapshot.progress, [item.id]: 0 } });
  try {
    const answer = await sendItem(sending, {
      onProgress: (fraction) => publish({ progress: { ...snapshot.progress, [item.id]: fraction } }),
      remember: async (uploads) => {
        sending = { ...sending, uploads };
        await save(sending);
      },
    });
    // Sent: the files are dropped, the entry stays a while for the person to see it go.
    const sent: OutboxItem = {
      ...sending,
      state: 'sent',
      sentAt: new Date().toISOString(),
      error: null,
      body: { type: 'json', value: null },
      uploads: {},
    };
    await save(sent);
    onSent(sent, answer);
  } catch (error) {
    await save(afterFailure(sending, error));
  }
}

/** What a failed attempt leaves: waiting again (with its back-off), paused for sign-in, or failed with the reason. */
export function afterFailure(item: OutboxItem, error: unknown, now = Date.now()): OutboxItem {
  if (isApiError(error) && error.status === 401) {
    // The session ended: the app signs in again; the item waits for the next sign-in.
    publish({ paused: true });
    return { ...item, state: 'waiting', error: OUTBOX_MESSAGES.signInAgain, nextAttemptAt: 0 };
  }
  if (isOutcomeUnknown(error) || (isApiError(error) && error.status === 0)) {
    return {
      ...item,
      state: 'waiting',
      error: OUTBOX_MESSAGES.noNetwork,
      nextAttemptAt: now + backoffMs(item.attempts),
    };
  }
  if (isApiError(error) && error.status === 429) {
    return {
      ...item,
      state: 'waiting',
      error: error.message,
      nextAttemptAt: now + (error.retryAfterMs ?? backoffMs(item.attempts)),
    };
  }
  if (isApiError(error) && error.status >= 500 && item.attempts < MAX_SERVER_ERROR_ATTEMPTS) {
    return { ...item, state: 'waiting', error: error.message, nextAttemptAt: now + backoffMs(item.attempts) };
  }
  return { ...item, state: 'failed', error: failureReason(error) };
}

function failureReason(error: unknown): string {
  if (!isApiError(error)) return OUTBOX_MESSAGES.unexpected;
  if (error.status === 404 || error.status === 403) return `${error.message}. ${OUTBOX_MESSAGES.noAccess}`;
  return error.message;
}

/** Called once a person signs in: a paused outbox goes on with their items. */
export function resumeOutbox(): void {
  if (!getToken()) return;
  publish({ paused: false });
  wakeOutbox(true);
}

/** ' · 2 files' for an item that carries files, else nothing: said after when it was saved. */
export function queuedFilesText(item: Pick<OutboxItem, 'preview'>): string {
  const files = Number(item.preview['files'] ?? 0);
  return files > 0 ? ` · ${countOf(files, 'file')}` : '';
}
