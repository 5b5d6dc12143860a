import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { categorySuggestions, InventoryItemForm, pickCategory } from './inventory-item-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const existing = ['Cement', 'Steel', 'Timber'];

describe('pickCategory and categorySuggestions', () => {
  it('files a typed category under the existing spelling, else as a new one', () => {
    expect(pickCategory(' timber ', existing)).toBe('Timber');
    expect(pickCategory('Roofing', existing)).toBe('Roofing');
    expect(pickCategory('', existing)).toBe('');
  });

  it('offers the existing categories containing the text, none once one is typed in full', () => {
    expect(categorySuggestions('', existing)).toEqual(existing);
    expect(categorySuggestions('e', existing)).toEqual(['Cement', 'Steel', 'Timber']);
    expect(categorySuggestions('ST', existing)).toEqual(['Steel']);
    expect(categorySuggestions('steel', existing)).toEqual([]);
    expect(categorySuggestions('Roofing', existing)).toEqual([]);
  });
});

function renderForm() {
  mockFetch(({ path }) =>
    path === '/inventory/categories'
      ? jsonResponse(200, { success: true, categories: existing })
      : jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
  );
  const onSubmit = vi.fn();
  renderWithProviders(<InventoryItemForm busy={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
}

async function fillRest() {
  await userEvent.type(screen.getByLabelText('Name'), 'Dangote cement 50 kg');
  await userEvent.type(screen.getByLabelText('Quantity'), '120');
  await userEvent.type(screen.getByLabelText('Unit'), 'bags');
}

describe('InventoryItemForm category picker', () => {
  it('offers the existing categories and takes the one picked', async () => {
    const onSubmit = renderForm();
    const offered = await screen.findByRole('list', { name: 'Existing categories' });
    expect(Array.from(offered.querySelectorAll('button'), (button) => button.textContent)).toEqual(existing);
    await userEvent.type(screen.getByLabelText('Category'), 'cem');
    await userEvent.click(screen.getByRole('button', { name: 'Cement' }));
    expect(screen.getByLabelText('Category')).toHaveValue('Cement');
    expect(screen.queryByRole('list', { name: 'Existing categories' })).not.toBeInTheDocument();
    await fillRest();
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Dangote cement 50 kg', category: 'Cement', quantity: 120 }),
    );
  });

  it('takes a typed new category, and an existing one typed in another case under its own spelling', async () => {
    const onSubmit = renderForm();
    await screen.findByRole('list', { name: 'Existing categories' });
    await userEvent.type(screen.getByLabelText('Category'), 'Roofing sheets');
    expect(screen.getByText('A new category')).toBeInTheDocument();
    await fillRest();
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'Roofing sheets' }));

    await userEvent.clear(screen.getByLabelText('Category'));
    await userEvent.type(screen.getByLabelText('Category'), 'STEEL');
    expect(screen.queryByText('A new category')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'Steel' })),
    );
  });
});
