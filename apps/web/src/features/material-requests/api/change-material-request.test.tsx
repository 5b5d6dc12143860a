import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardItem } from '../../../lib/outbox/outbox.ts';
import { readItems } from '../../../lib/outbox/outbox-store.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { testQueryClient } from '../../../test/render.tsx';
import { useSubmitMaterialRequest } from './change-material-request.ts';

const engineer = buildUser({ id: 'user-engineer', role: 'team_member' });

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const item of await readItems()) await discardItem(item.id);
});

function wrapper({ children }: { children: ReactNode }) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.session, engineer);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const input = {
  projectId: '0f6f4d1e-8a2b-4c3d-9e8f-1a2b3c4d5e6f',
  items: [
    { name: 'Cement', quantity: 40 },
    { name: 'Rebar 12 mm', quantity: 25 },
  ],
  notes: 'Slab pour on Friday',
};

describe('useSubmitMaterialRequest', () => {
  it('keeps a request whose answer was lost (gateway timeout) in the outbox under the key it was sent with', async () => {
    const { calls } = mockFetch(() => jsonResponse(504, { success: false, error: 'Gateway Timeout' }));
    const { result } = renderHook(() => useSubmitMaterialRequest(), { wrapper });

    await act(async () => expect(await result.current.mutateAsync(input)).toEqual({ queued: true }));

    const [item] = await readItems();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /material-requests']);
    expect(item).toMatchObject({ userId: engineer.id, kind: 'material-request', body: { value: input } });
    expect(item?.id).toBe(calls[0]!.headers.get('Idempotency-Key'));
  });

  it('shows a refusal as before, and keeps nothing', async () => {
    mockFetch(() =>
      jsonResponse(400, { success: false, error: 'At least one item is required', code: 'BAD_REQUEST' }),
    );
    const { result } = renderHook(() => useSubmitMaterialRequest(), { wrapper });
    await act(() =>
      expect(result.current.mutateAsync(input)).rejects.toThrow('At least one item is required'),
    );
    expect(await readItems()).toEqual([]);
  });

  it('answers the created request when the server took it', async () => {
    mockFetch(() => jsonResponse(201, { success: true, materialRequest: { id: 'm1' } }));
    const { result } = renderHook(() => useSubmitMaterialRequest(), { wrapper });
    await act(async () =>
      expect(await result.current.mutateAsync(input)).toMatchObject({
        queued: false,
        answer: { materialRequest: { id: 'm1' } },
      }),
    );
  });
});
