import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserDirectory } from './user-directory.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = buildUser({ name: 'Admin Boss', role: 'admin' });
const engineer = buildUser({ name: 'Emeka Eze', role: 'team_member', phone: '+234 800 000 0000' });

function page(users = [admin, engineer], totalItems = users.length, currentPage = 1) {
  return jsonResponse(200, {
    success: true,
    users,
    pagination: {
      currentPage,
      totalPages: Math.max(1, Math.ceil(totalItems / 10)),
      totalItems,
      itemsPerPage: 10,
      hasNext: currentPage * 10 < totalItems,
      nextCursor: currentPage * 10 < totalItems ? `after-${currentPage}` : null,
    },
  });
}

function listCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'GET').map((call) => call.path);
}

describe('UserDirectory', () => {
  it('lists staff as cards with contact details and links to their projects', async () => {
    mockFetch(() => page());
    renderWithProviders(<UserDirectory kind="staff" />, { user: admin });
    const card = await screen.findByRole('article', { name: 'Emeka Eze' });
    expect(card).toHaveTextContent('Site Engineer / Team Member');
    expect(card).toHaveTextContent('+234 800 000 0000');
    expect(within(card).getByRole('link', { name: 'Emeka Eze' })).toHaveAttribute(
      'href',
      '/admin/staff/Emeka%20Eze/projects',
    );
    expect(screen.getByText(/Showing 1–2 of 2 staff members/)).toBeInTheDocument();
  });

  it('hides edit and delete of administrators from a project manager', async () => {
    mockFetch(() => page());
    renderWithProviders(<UserDirectory kind="staff" />, { user: buildUser({ role: 'project_manager' }) });
    const adminCard = await screen.findByRole('article', { name: 'Admin Boss' });
    expect(within(adminCard).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(adminCard).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    const engineerCard = screen.getByRole('article', { name: 'Emeka Eze' });
    expect(within(engineerCard).getByRole('link', { name: 'Edit Emeka Eze' })).toBeInTheDocument();
  });

  it('searches after typing stops and filters by role, starting again on page 1', async () => {
    const { calls } = mockFetch(() => page([engineer], 25));
    renderWithProviders(<UserDirectory kind="staff" />, { user: admin });
    await screen.findByRole('article', { name: 'Emeka Eze' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls)).toContain('/users/staff?page=2&limit=10&cursor=after-1'));

    await userEvent.type(screen.getByLabelText('Search'), 'eme');
    await waitFor(() => expect(listCalls(calls)).toContain('/users/staff?page=1&limit=10&search=eme'));
    expect(
      listCalls(calls).filter((path) => path.includes('search=e&') || path.endsWith('search=e')),
    ).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Filter by role'), 'architect');
    await waitFor(() =>
      expect(listCalls(calls)).toContain('/users/staff?page=1&limit=10&search=eme&role=architect'),
    );
  });

  it('asks for the next page after the last person shown, and for any other page by number', async () => {
    const { calls } = mockFetch((call) => {
      const current = Number(new URLSearchParams(call.path.split('?')[1]).get('page'));
      return page([engineer], 45, current);
    });
    renderWithProviders(<UserDirectory kind="clients" />, { user: admin });
    await screen.findByRole('article', { name: 'Emeka Eze' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listCalls(calls)).toContain('/users/clients?page=2&limit=10&cursor=after-1'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(listCalls(calls)).toContain('/users/clients?page=5&limit=10'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(listCalls(calls)).toContain('/users/clients?page=4&limit=10'));
    expect(listCalls(calls).filter((path) => path.includes('cursor='))).toEqual([
      '/users/clients?page=2&limit=10&cursor=after-1',
    ]);
  });

  it('focuses the search box with Ctrl+K', async () => {
    mockFetch(() => page());
    renderWithProviders(<UserDirectory kind="clients" />, { user: admin });
    await screen.findByRole('article', { name: 'Emeka Eze' });
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(screen.getByLabelText('Search')).toHaveFocus();
    expect(screen.queryByLabelText('Filter by role')).not.toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    mockFetch(() => page([], 0));
    renderWithProviders(<UserDirectory kind="clients" />, { user: admin });
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
  });

  it("shows 'Failed to load staff members' with Try Again", async () => {
    let fail = true;
    mockFetch(() =>
      fail ? jsonResponse(500, { success: false, error: 'Boom', code: 'INTERNAL_ERROR' }) : page(),
    );
    renderWithProviders(<UserDirectory kind="staff" />, { user: admin });
    expect(await screen.findByText('Failed to load staff members')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Emeka Eze' })).toBeInTheDocument();
  });

  it('asks before deleting, naming the person, then reports it', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'DELETE'
        ? jsonResponse(200, { success: true, message: 'User deleted successfully', deactivated: false })
        : page(),
    );
    renderWithProviders(<UserDirectory kind="staff" />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Emeka Eze' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Emeka Eze?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User Deleted')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `/users/${engineer.id}`)).toBe(
      true,
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("reports 'Delete Failed' with the server's message", async () => {
    mockFetch((call) =>
      call.method === 'DELETE'
        ? jsonResponse(409, { success: false, error: 'This user leads active projects', code: 'CONFLICT' })
        : page(),
    );
    renderWithProviders(<UserDirectory kind="staff" />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Emeka Eze' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('This user leads active projects')).toBeInTheDocument();
  });
});
