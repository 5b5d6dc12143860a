import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../test/http.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { InventoryRoute } from './inventory.tsx';

const initialWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = initialWidth;
  vi.unstubAllGlobals();
});

const page = { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 8, hasNext: false };

function answer(path: string, failItems = false) {
  if (path.startsWith('/inventory/requests'))
    return jsonResponse(200, { success: true, requests: [], pagination: page });
  if (failItems)
    return jsonResponse(500, { success: false, error: 'Database unavailable', code: 'INTERNAL_ERROR' });
  return jsonResponse(200, { success: true, items: [], categories: [], pagination: page });
}

describe('InventoryRoute', () => {
  it(
    'asks for 8 items a page on a phone, 12 on wider screens, and opens the requests log',
    { timeout: 30_000 },
    async () => {
      window.innerWidth = 360;
      const { calls } = mockFetch(({ path }) => answer(path));
      const phone = renderWithProviders(<InventoryRoute />, { user: buildUser({ role: 'team_member' }) });
      expect(await screen.findByText('No inventory items yet')).toBeInTheDocument();
      expect(calls[0]!.path).toMatch(/^\/inventory\?page=1&limit=8&/);
      await userEvent.click(screen.getByRole('tab', { name: 'Requests Log' }));
      expect(await screen.findByText('No inventory requests yet')).toBeInTheDocument();
      expect(calls.at(-1)!.path).toMatch(/^\/inventory\/requests\?page=1&limit=8&/);
      phone.unmount();

      window.innerWidth = 1280;
      renderWithProviders(<InventoryRoute />, { user: buildUser({ role: 'store_keeper' }) });
      await waitFor(() => expect(calls.some((call) => /limit=12/.test(call.path))).toBe(true));
      expect(await screen.findByRole('button', { name: 'Add Item' })).toBeInTheDocument();
    },
  );

  it('says the inventory failed to load, with Try Again', async () => {
    let fail = true;
    mockFetch(({ path }) => answer(path, fail));
    renderWithProviders(<InventoryRoute />, { user: buildUser({ role: 'admin' }) });
    expect(await screen.findByText('Error loading inventory')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No inventory items yet')).toBeInTheDocument();
  });
});
