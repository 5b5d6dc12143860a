import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { testQueryClient } from '../../../test/render.tsx';
import { useCreateInventoryRequest } from './change-inventory.ts';

afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

const request = {
  inventoryItemId: '7d3f6a52-1c1e-4a55-9d7b-2b0c1f2a3b4c',
  projectId: '0f6f4d1e-8a2b-4c3d-9e8f-1a2b3c4d5e6f',
  quantityRequested: 30,
  notes: 'For the ground floor slab',
  itemName: 'Cement',
};

describe('useCreateInventoryRequest', () => {
  it('sends an Idempotency-Key, the same one again after a dropped connection, and a new one after success', async () => {
    let dropNext = true;
    const { calls } = mockFetch(() => {
      if (dropNext) {
        dropNext = false;
        throw new TypeError('Failed to fetch');
      }
      return jsonResponse(201, { success: true, request: { id: 'r1' } });
    });
    const { result } = renderHook(() => useCreateInventoryRequest(), { wrapper });

    await act(() => expect(result.current.mutateAsync(request)).rejects.toThrow('Failed to fetch'));
    await act(() => result.current.mutateAsync(request));
    await act(() => result.current.mutateAsync(request));

    const keys = calls.map((call) => call.headers.get('Idempotency-Key'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      Array(3).fill('POST /inventory/requests'),
    );
    expect(keys[0]).toMatch(/^[A-Za-z0-9-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('takes a changed request after a dropped connection as a new submission with a new key', async () => {
    let dropNext = true;
    const { calls } = mockFetch(() => {
      if (dropNext) {
        dropNext = false;
        throw new TypeError('Failed to fetch');
      }
      return jsonResponse(201, { success: true, request: { id: 'r2' } });
    });
    const { result } = renderHook(() => useCreateInventoryRequest(), { wrapper });

    await act(() => expect(result.current.mutateAsync(request)).rejects.toThrow('Failed to fetch'));
    await act(() => result.current.mutateAsync({ ...request, quantityRequested: 20 }));

    const [first, second] = calls.map((call) => call.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(calls[1]?.body).toMatchObject({ quantityRequested: 20 });
  });
});
