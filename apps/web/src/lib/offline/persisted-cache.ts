import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { openDB } from 'idb';
import { onPersistedCacheClear } from './cached-session.ts';

const DB_NAME = 'trowel-cache';
const STORE = 'query-cache';
const KEY = 'client';
/** Answers older than this are not shown offline: a week covers a long stretch away from a network. */
export const PERSISTED_MAX_AGE_MS = 7 * 24 * 3600_000;
/** The persisted copy stays under this many characters of JSON, newest answers first. */
export const PERSISTED_MAX_CHARS = 4_000_000;
/** And under this many answers. */
export const PERSISTED_MAX_QUERIES = 400;
/** Saves are gathered: at most one write a second while answers keep arriving. */
const SAVE_EVERY_MS = 1000;
/** Answers of these domains are not kept: figures and settings that mean little offline, or are large. */
const NOT_KEPT = new Set(['reports', 'settings', 'notifications']);

/**
 * The newest answers that fit the bounds; the signed-in user's own answer always stays (it is what
 * opens the app offline).
 */
export function boundedClient(client: PersistedClient): PersistedClient {
  const queries = [...client.clientState.queries].sort(
    (a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt,
  );
  const kept: typeof queries = [];
  let chars = 0;
  for (const query of queries) {
    const size = JSON.stringify(query.state.data ?? null).length;
    const isSession = query.queryKey[0] === 'auth';
    if (!isSession && (kept.length >= PERSISTED_MAX_QUERIES || chars + size > PERSISTED_MAX_CHARS)) continue;
    kept.push(query);
    chars += size;
  }
  return { ...client, clientState: { ...client.clientState, queries: kept, mutations: [] } };
}

/** Whether the persisted copy still has a signed-in user (after sign-out nothing is kept). */
function hasSignedInUser(client: PersistedClient): boolean {
  return client.clientState.queries.some(
    (query) => query.queryKey[0] === 'auth' && Boolean(query.state.data),
  );
}

/** The query cache in IndexedDB (structured clone: no JSON round trip), one entry, written at most once a second. */
export function indexedDbPersister(): Persister {
  const db = openDB(DB_NAME, 1, { upgrade: (database) => database.createObjectStore(STORE) });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | null = null;
  const write = async () => {
    timer = undefined;
    const client = latest;
    latest = null;
    if (!client) return;
    if (hasSignedInUser(client)) await (await db).put(STORE, boundedClient(client), KEY);
    else await (await db).delete(STORE, KEY);
  };
  // A page closed or hidden within the second still writes what it had.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    void write().catch(() => undefined);
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  return {
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(() => void write().catch(() => undefined), SAVE_EVERY_MS);
    },
    async restoreClient() {
      return (await (await db).get(STORE, KEY)) as PersistedClient | undefined;
    },
    async removeClient() {
      clearTimeout(timer);
      timer = undefined;
      latest = null;
      await (await db).delete(STORE, KEY);
    },
  };
}

const dehydrateOptions = {
  shouldDehydrateQuery: (query: { state: { status: string }; queryKey: readonly unknown[] }) =>
    query.state.status === 'success' && !NOT_KEPT.has(String(query.queryKey[0])),
};

/**
 * Restores the last answers kept for this phone's signed-in person (a failed read restores nothing),
 * then keeps the cache in IndexedDB as it changes; sign-out clears it.
 */
export async function startPersistedCache(queryClient: QueryClient): Promise<void> {
  const persister = indexedDbPersister();
  onPersistedCacheClear(async () => {
    await persister.removeClient();
  });
  try {
    await persistQueryClientRestore({ queryClient, persister, maxAge: PERSISTED_MAX_AGE_MS });
    // Kept answers are shown at once but asked for again as their screens open: others changed things
    // meanwhile, even within a query's staleTime.
    await queryClient.invalidateQueries({ refetchType: 'none' });
  } catch {
    // IndexedDB unavailable (private mode): the app works online as before.
  }
  persistQueryClientSubscribe({ queryClient, persister, dehydrateOptions });
}
