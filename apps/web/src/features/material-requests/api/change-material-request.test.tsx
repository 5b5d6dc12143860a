import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { testQueryClient } from '../../../test/render.tsx';
import { useCreateMaterialRequest } from './change-material-request.ts';

afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

const input = {
  projectId: '0f6f4d1e-8a2b-4c3d-9e8f-1a2b3c4d5e6f',
  items: [
    { name: 'Cement', quantity: 40 },
    { name: 'Rebar 12 mm', quantity: 25 },
  ],
  notes: 'Slab pour on Friday',
};

describe('useCreateMaterialRequest', () => {
  it('retries a gateway timeout under the same Idempotency-Key and starts a new key after success', async () => {
    const answers = [
      () => jsonResponse(504, { success: false, error: 'Gateway Timeout' }),
      () => jsonResponse(201, { success: true, materialRequest: { id: 'm1' } }),
      () => jsonResponse(201, { success: true, materialRequest: { id: 'm2' } }),
    ];
    const { calls } = mockFetch(() => answers[calls.length - 1]!());
    const { result } = renderHook(() => useCreateMaterialRequest(), { wrapper });

    await act(() => expect(result.current.mutateAsync(input)).rejects.toThrow('Gateway Timeout'));
    await act(() => result.current.mutateAsync(input));
    await act(() => result.current.mutateAsync(input));

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      Array(3).fill('POST /material-requests'),
    );
    const keys = calls.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[A-Za-z0-9-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
