import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubXhr } from '../../../test/xhr.ts';
import { RfqCreateForm } from './rfq-create-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const project = { id: '33333333-3333-4333-8333-333333333333', title: 'Lekki Pearl' };
const vendor = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Okafor Cement Ltd',
  email: 'ngozi@okafor.ng',
  category: 'Construction Materials',
};

async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

describe('RfqCreateForm', () => {
  it(
    'asks for every required field under Validation Error, then sends the RFQ with its items and vendors',
    { timeout: 30_000 },
    async () => {
      mockFetch(() =>
        jsonResponse(200, {
          success: true,
          vendors: [vendor],
          pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 100, hasNext: false },
        }),
      );
      const uploads = stubXhr();
      renderWithProviders(<RfqCreateForm projects={[project]} onClose={() => {}} />, {
        user: buildUser({ role: 'quantity_surveyor' }),
      });
      await fill('Title', 'Slab materials');
      await fill('Item 1 name', 'Cement 50 kg');
      await fill('Item 1 unit', 'bags');
      await userEvent.click(screen.getByRole('button', { name: 'Create RFQ' }));
      expect(await screen.findByText('Validation Error')).toBeInTheDocument();
      expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();

      await fill('Item 1 quantity', '100');
      await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
      await fill('Item 2 name', 'Sharp sand');
      await fill('Item 2 quantity', '2.5');
      await fill('Item 2 unit', 'trips');
      await userEvent.selectOptions(screen.getByLabelText('Project'), project.id);
      await userEvent.click(await screen.findByLabelText(/Okafor Cement Ltd/));
      expect(screen.getByText('1 chosen: Okafor Cement Ltd')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Create RFQ' }));
      await waitFor(() => expect(uploads).toHaveLength(1));
      const body = uploads[0]!.body!;
      expect(uploads[0]!.url).toBe('/api/rfqs');
      expect(body.get('title')).toBe('Slab materials');
      expect(body.get('projectId')).toBe(project.id);
      expect(body.get('dueDate')).toBeNull();
      expect(JSON.parse(String(body.get('items')))).toEqual([
        { name: 'Cement 50 kg', description: '', quantity: 100, unit: 'bags' },
        { name: 'Sharp sand', description: '', quantity: 2.5, unit: 'trips' },
      ]);
      expect(JSON.parse(String(body.get('vendorIds')))).toEqual([vendor.id]);
    },
  );
});
