import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { describe, expect, it } from 'vitest';
import { boundedClient, PERSISTED_MAX_QUERIES, startPersistedCache } from './persisted-cache.ts';
import { clearPersistedCache } from './cached-session.ts';

function clientOf(queries: Array<{ key: string[]; updatedAt: number; data: unknown }>): PersistedClient {
  return {
    timestamp: Date.now(),
    buster: '',
    clientState: {
      mutations: [],
      queries: queries.map(({ key, updatedAt, data }) => ({
        queryKey: key,
        queryHash: JSON.stringify(key),
        state: { data, dataUpdatedAt: updatedAt, status: 'success' },
      })) as unknown as PersistedClient['clientState']['queries'],
    },
  };
}

describe('the persisted query cache', () => {
  it('keeps the newest answers first within the bound, and always the session', () => {
    const many = Array.from({ length: PERSISTED_MAX_QUERIES + 5 }, (_, index) => ({
      key: ['projects', String(index)],
      updatedAt: 1000 + index,
      data: { index },
    }));
    const kept = boundedClient(
      clientOf([{ key: ['auth', 'me'], updatedAt: 1, data: { id: 'u1' } }, ...many]),
    );
    const keys = kept.clientState.queries.map((query) => query.queryKey[1]);
    expect(keys).toContain('me');
    expect(keys[0]).toBe(String(PERSISTED_MAX_QUERIES + 4));
    expect(keys).not.toContain('0');
    expect(kept.clientState.queries.length).toBe(PERSISTED_MAX_QUERIES + 1);
  });

  it('restores a signed-in person’s answers on the next visit, and nothing once they signed out', async () => {
    const first = new QueryClient();
    await startPersistedCache(first);
    first.setQueryData(['auth', 'me'], { id: 'u1' });
    first.setQueryData(['projects', 'list'], ['Lekki Villa']);
    await expect
      .poll(async () => {
        const next = new QueryClient();
        await startPersistedCache(next);
        return next.getQueryData(['projects', 'list']);
      })
      .toEqual(['Lekki Villa']);
    const restored = new QueryClient();
    await startPersistedCache(restored);
    // Shown at once, but asked for again when a screen opens: others may have changed it meanwhile.
    expect(restored.getQueryState(['projects', 'list'])?.isInvalidated).toBe(true);

    clearPersistedCache();
    await expect
      .poll(async () => {
        const after = new QueryClient();
        await startPersistedCache(after);
        return after.getQueryData(['projects', 'list']) ?? null;
      })
      .toBeNull();
  });
});
