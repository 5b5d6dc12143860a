import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildChangeOrder, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChangeOrdersSection } from './change-orders-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const project = { id: 'p1', projectLeadId: 'lead-1', clientId: 'client-1' };
const empty = { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 10, hasNext: false };

/** The list answers one draft, and whether the project's contract value is recorded. */
const listsOneDraft = (contractValueRecorded: boolean) =>
  mockFetch(() =>
    jsonResponse(200, {
      success: true,
      changeOrders: [buildChangeOrder({ status: 'draft', sentAt: null })],
      pagination: { ...empty, totalItems: 1 },
      contractValueRecorded,
    }),
  );

describe('ChangeOrdersSection', () => {
  it('offers a project’s lead the draft form, and says what the list is for', async () => {
    mockFetch(() => jsonResponse(200, { success: true, changeOrders: [], pagination: empty }));
    const lead = buildUser({ id: 'lead-1', role: 'project_lead' });
    renderWithProviders(<ChangeOrdersSection project={project} viewer={lead} />, { user: lead });
    expect(await screen.findByText('No change orders yet')).toBeInTheDocument();
    expect(screen.getByText(/drafted here and sent to the client/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New change order' }));
    expect(screen.getByRole('form', { name: 'New change order' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New change order' })).not.toBeInTheDocument();
  });

  it('says before Send that the contract value comes first, and links the managers to it', async () => {
    listsOneDraft(false);
    const admin = buildUser({ role: 'admin' });
    renderWithProviders(<ChangeOrdersSection project={project} viewer={admin} />, { user: admin });
    expect(await screen.findByText('No contract value yet')).toBeInTheDocument();
    expect(screen.getByText(/Record the project's contract value on its Financials/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record the contract value' })).toHaveAttribute(
      'href',
      '/projects/p1/financials',
    );
    expect(screen.getByRole('button', { name: 'Send to client' })).toBeDisabled();
  });

  it('tells a lead too, without a link they cannot use, and offers Send once the value is recorded', async () => {
    const lead = buildUser({ id: 'lead-1', role: 'project_lead' });
    listsOneDraft(false);
    const first = renderWithProviders(<ChangeOrdersSection project={project} viewer={lead} />, {
      user: lead,
    });
    expect(await screen.findByText('No contract value yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Record the contract value' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to client' })).toBeDisabled();
    first.unmount();

    listsOneDraft(true);
    renderWithProviders(<ChangeOrdersSection project={project} viewer={lead} />, { user: lead });
    expect(await screen.findByRole('button', { name: 'Send to client' })).toBeEnabled();
    expect(screen.queryByText('No contract value yet')).not.toBeInTheDocument();
  });

  it('lets the accountant read without drafting, and offers Try Again when the list fails', async () => {
    mockFetch(() => jsonResponse(500, { success: false, error: 'Boom', code: 'INTERNAL' }));
    const accountant = buildUser({ role: 'accountant' });
    renderWithProviders(<ChangeOrdersSection project={project} viewer={accountant} />, { user: accountant });
    expect(await screen.findByText('Failed to load change orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New change order' })).not.toBeInTheDocument();
  });
});
