import { openDB, type DBSchema } from 'idb';
import type { StagedUpload } from './resumable-upload.ts';

/** What a queued action is, for its label, its screen and what it makes stale once sent. */
export type OutboxKind = 'daily-log' | 'reply' | 'material-request' | 'task-progress' | 'delivery';

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

/** A multipart field: text, or a file (kept as a Blob with its name: IndexedDB stores Blobs as they are). */
export type OutboxField = [name: string, value: string | { blob: Blob; fileName: string }];

export type OutboxBody = { type: 'json'; value: unknown } | { type: 'multipart'; fields: OutboxField[] };

/** One action waiting in the outbox, as stored in IndexedDB. */
export interface OutboxItem {
  /** Also the request's Idempotency-Key: given when the action was captured, the same for every attempt. */
  id: string;
  /** Whose action it is: only that person's session sends it. */
  userId: string;
  kind: OutboxKind;
  /** What the person sees in the outbox ("Daily log: Slab poured"). */
  label: string;
  projectId: string | null;
  method: 'POST' | 'PUT';
  path: string;
  body: OutboxBody;
  /** Large files sent ahead in parts, by their position in the body: the sessions they resume. */
  uploads?: Record<number, StagedUpload>;
  /** The fields as captured, to show a queued log in its project's list and to copy a refused one. */
  preview: Record<string, string>;
  createdAt: string;
  state: OutboxState;
  attempts: number;
  /** No attempt before this time (ms since the epoch): the back-off after a failed attempt. */
  nextAttemptAt: number;
  /** Why the last attempt failed: the server's message, or the network's. */
  error: string | null;
  sentAt: string | null;
}

interface OutboxSchema extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { createdAt: string } };
}

const DB_NAME = 'trowel-outbox';

let database: ReturnType<typeof openOutbox> | null = null;

function openOutbox() {
  return openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('items', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
    },
  });
}

function db() {
  database ??= openOutbox();
  return database;
}

/** Every stored item, oldest first (the order they are sent in). */
export async function readItems(): Promise<OutboxItem[]> {
  return (await db()).getAllFromIndex('items', 'createdAt');
}

export async function putItem(item: OutboxItem): Promise<void> {
  await (await db()).put('items', item);
}

export async function deleteItem(id: string): Promise<void> {
  await (await db()).delete('items', id);
}
