import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELETE_PROJECT_CONFIRMATION } from '@trowel/shared/projects/project.constants.ts';
import type { ProjectSummaryDto } from '@trowel/shared/projects/project.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProjectSummary, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { stubIntersectionObserver } from '../../../test/intersection.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProjectBrowser } from './project-browser.tsx';

const admin = buildUser({ role: 'admin' });
const initialWidth = window.innerWidth;

afterEach(() => {
  vi.unstubAllGlobals();
  window.innerWidth = initialWidth;
});

function listAnswer(
  projects: ProjectSummaryDto[],
  page: number,
  totalItems: number,
  nextCursor: string | null,
) {
  return jsonResponse(200, {
    success: true,
    projects,
    pagination: {
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(totalItems / 12)),
      totalItems,
      itemsPerPage: 12,
      hasNext: nextCursor !== null,
      nextCursor,
    },
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('/projects?'))
    .map((call) => call.path);

function categoriesOr(call: RecordedCall, otherwise: () => Response | Promise<Response>) {
  if (call.path === '/projects/categories') {
    return jsonResponse(200, { success: true, categories: ['Commercial', 'Residential'] });
  }
  return otherwise();
}

const firstPage = Array.from({ length: 12 }, (_, index) =>
  buildProjectSummary({ title: `Tower ${index + 1}` }),
);
const secondPage = [buildProjectSummary({ title: 'Tower 13' }), buildProjectSummary({ title: 'Tower 14' })];

describe('ProjectBrowser', () => {
  it('shows cards linking to each project, loads the next page by cursor on scroll, then the end text', async () => {
    const observer = stubIntersectionObserver();
    const { calls } = mockFetch((call) =>
      categoriesOr(call, () =>
        call.path.includes('page=2')
          ? listAnswer(secondPage, 2, 14, null)
          : listAnswer(firstPage, 1, 14, 'c-12'),
      ),
    );
    renderWithProviders(<ProjectBrowser />, { user: admin });

    expect(screen.getByText('Loading projects...')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Tower 1' });
    expect(link).toHaveAttribute('href', `/projects/${firstPage[0]?.id}`);
    expect(screen.getByText('(12 of 14 shown)')).toBeInTheDocument();
    // The cards are the only items of the project list.
    const list = screen.getByRole('list', { name: 'Project list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.queryByText(/reached the end/)).not.toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['/projects?page=1&limit=12&sortBy=createdAt&sortOrder=desc']);

    expect(observer.created.at(-1)?.options?.rootMargin).toBe('100px');
    expect(observer.watched()).toEqual([screen.getByRole('article', { name: 'Tower 12' })]);
    observer.scrollIntoView();

    expect(await screen.findByRole('link', { name: 'Tower 14' })).toBeInTheDocument();
    expect(listCalls(calls)[1]).toBe('/projects?page=2&limit=12&sortBy=createdAt&sortOrder=desc&cursor=c-12');
    expect(screen.getByText('(14 of 14 shown)')).toBeInTheDocument();
    expect(
      screen.getByText("You've reached the end of the list. Showing 14 of 14 projects."),
    ).toBeInTheDocument();
  });

  it('asks for 8 projects a page on screens narrower than 768 px', async () => {
    window.innerWidth = 600;
    const { calls } = mockFetch((call) =>
      categoriesOr(call, () => listAnswer(firstPage.slice(0, 8), 1, 8, null)),
    );
    renderWithProviders(<ProjectBrowser />, { user: admin });
    await screen.findByRole('link', { name: 'Tower 1' });
    expect(listCalls(calls)[0]).toContain('limit=8');
  });

  it('shows each card’s details: category, status, place, dates, team, budget in millions, progress', async () => {
    const project = buildProjectSummary({
      title: 'Lekki Pearl',
      category: 'Residential',
      status: 'on_hold',
      location: 'Lekki, Lagos',
      startDate: '2025-03-05',
      endDate: '2026-06-30',
      teamMemberCount: 3,
      budget: 1_450_000_000,
      progress: 53,
      updatedAt: '2025-04-01T10:00:00.000Z',
    });
    mockFetch((call) => categoriesOr(call, () => listAnswer([project], 1, 1, null)));
    renderWithProviders(<ProjectBrowser />, { user: admin });
    const card = await screen.findByRole('article', { name: 'Lekki Pearl' });
    for (const text of [
      'Residential',
      'On Hold',
      'Lekki, Lagos',
      '05/03/2025 – 30/06/2026',
      '3 team members',
    ]) {
      expect(card).toHaveTextContent(text);
    }
    expect(card).toHaveTextContent('Budget: ₦1,450.0M');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '53');
    expect(card).toHaveTextContent('53%');
    expect(card).toHaveTextContent('Updated 01/04/2025');
  });

  it('shows clients the project value in full instead of the budget, and no delete menu', async () => {
    const project = buildProjectSummary({
      title: 'Ikoyi Duplex',
      budget: null,
      spent: null,
      projectValue: 185_000_000,
    });
    mockFetch((call) => categoriesOr(call, () => listAnswer([project], 1, 1, null)));
    renderWithProviders(<ProjectBrowser />, { user: buildUser({ role: 'client' }) });
    const card = await screen.findByRole('article', { name: 'Ikoyi Duplex' });
    expect(card).toHaveTextContent('Project Value: ₦185,000,000.00');
    expect(card).not.toHaveTextContent('Budget');
    expect(within(card).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(
      screen.getByText("You've reached the end of the list. Showing 1 of 1 project."),
    ).toBeInTheDocument();
  });

  it("shows a client 'Not recorded yet' while a project has no financials, never its budget", async () => {
    const project = buildProjectSummary({
      title: 'Trans-Amadi',
      budget: null,
      spent: null,
      projectValue: null,
    });
    mockFetch((call) => categoriesOr(call, () => listAnswer([project], 1, 1, null)));
    renderWithProviders(<ProjectBrowser />, { user: buildUser({ role: 'client' }) });
    const card = await screen.findByRole('article', { name: 'Trans-Amadi' });
    expect(card).toHaveTextContent('Project Value: Not recorded yet');
    expect(card).not.toHaveTextContent('₦');
  });

  it("shows 'Failed to load projects' with the error and a toast; Try Again reloads page 1", async () => {
    let fail = true;
    const { calls } = mockFetch((call) =>
      categoriesOr(call, () =>
        fail
          ? jsonResponse(500, { success: false, error: 'Database unavailable', code: 'INTERNAL_ERROR' })
          : listAnswer(firstPage, 1, 12, null),
      ),
    );
    renderWithProviders(<ProjectBrowser />, { user: admin });
    expect(await screen.findByText('Failed to load projects')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(await screen.findByText('Error loading projects')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Tower 1' })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toBe('/projects?page=1&limit=12&sortBy=createdAt&sortOrder=desc');
  });

  it("shows 'No projects found' with a hint that depends on the filters", async () => {
    mockFetch((call) => categoriesOr(call, () => listAnswer([], 1, 0, null)));
    renderWithProviders(<ProjectBrowser />, { user: admin });
    expect(await screen.findByText('No projects found')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first project.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'completed');
    expect(await screen.findByText(/Try adjusting your search or filters/)).toBeInTheDocument();
  });

  it('searches 300 ms after typing stops, and filters by status and by the categories the server lists', async () => {
    const { calls } = mockFetch((call) => categoriesOr(call, () => listAnswer(firstPage, 1, 12, null)));
    renderWithProviders(<ProjectBrowser />, { user: admin });
    await screen.findByRole('link', { name: 'Tower 1' });

    await userEvent.type(screen.getByLabelText('Search'), 'lekki');
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('&search=lekki'));
    expect(listCalls(calls).filter((path) => /search=l(&|$)/.test(path))).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'on_hold');
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('status=on_hold'));
    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Categories', 'Commercial', 'Residential']);
    await userEvent.selectOptions(category, 'Commercial');
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('category=Commercial'));
    expect(screen.getByRole('button', { name: 'More Filters' })).toBeInTheDocument();
  });

  it('narrows by client and by lead or team member under More Filters; closing it drops them', async () => {
    const client = buildUser({ name: 'Olumide Balogun', role: 'client' });
    const lead = buildUser({ name: 'Emeka Nwosu', role: 'project_lead' });
    const { calls } = mockFetch((call) => {
      if (call.path.startsWith('/users/clients'))
        return jsonResponse(200, { success: true, users: [client] });
      if (call.path.startsWith('/users/staff')) return jsonResponse(200, { success: true, users: [lead] });
      return categoriesOr(call, () => listAnswer(firstPage, 1, 12, null));
    });
    renderWithProviders(<ProjectBrowser />, { user: admin });
    await screen.findByRole('link', { name: 'Tower 1' });
    const more = screen.getByRole('button', { name: 'More Filters' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');

    await userEvent.selectOptions(
      await screen
        .findByRole('option', { name: 'Olumide Balogun' })
        .then(() => screen.getByLabelText('Client')),
      'Olumide Balogun',
    );
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain(`clientId=${client.id}`));
    await screen.findByRole('option', { name: 'Emeka Nwosu' });
    await userEvent.selectOptions(screen.getByLabelText('Lead or Team Member'), 'Emeka Nwosu');
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain(`memberId=${lead.id}`));

    await userEvent.click(more);
    expect(screen.queryByLabelText('Client')).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).at(-1)).not.toContain('Id='));
  });

  it('offers clients the start-date range under More Filters, without the people filters', async () => {
    const { calls } = mockFetch((call) => categoriesOr(call, () => listAnswer(firstPage, 1, 12, null)));
    renderWithProviders(<ProjectBrowser />, { user: buildUser({ role: 'client' }) });
    await screen.findByRole('link', { name: 'Tower 1' });
    await userEvent.click(screen.getByRole('button', { name: 'More Filters' }));
    expect(screen.queryByLabelText('Client')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Lead or Team Member')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Starting From'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('startFrom=2026-01-01'));
    // A range the wrong way round is not asked for while it is being typed.
    fireEvent.change(screen.getByLabelText('Starting By'), { target: { value: '2025-06-30' } });
    fireEvent.change(screen.getByLabelText('Starting By'), { target: { value: '2026-06-30' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('startTo=2026-06-30'));
    expect(listCalls(calls).some((path) => path.includes('startTo=2025-06-30'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'More Filters' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).not.toContain('start'));
  });

  it('asks before deleting with the exact warning, then reports success', async () => {
    const project = buildProjectSummary({ title: 'Kano Cold Room' });
    const { calls } = mockFetch((call) =>
      call.method === 'DELETE'
        ? jsonResponse(200, { success: true, message: 'Project deleted' })
        : categoriesOr(call, () => listAnswer([project], 1, 1, null)),
    );
    renderWithProviders(<ProjectBrowser />, { user: buildUser({ role: 'project_manager' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Kano Cold Room' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(DELETE_PROJECT_CONFIRMATION('Kano Cold Room'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Project Deleted')).toBeInTheDocument();
    expect(screen.getByText('Project "Kano Cold Room" has been deleted successfully.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `/projects/${project.id}`)).toBe(
      true,
    );
  });

  it('keeps a card menu open while the search answer replaces the list under it', async () => {
    const wanted = buildProjectSummary({ title: 'Gbagada Court' });
    mockFetch((call) =>
      categoriesOr(call, () =>
        call.path.includes('search=')
          ? listAnswer([wanted], 1, 1, null)
          : listAnswer([wanted, ...firstPage.slice(0, 3)], 1, 4, null),
      ),
    );
    renderWithProviders(<ProjectBrowser />, { user: admin });
    await userEvent.type(await screen.findByLabelText('Search'), 'Gbagada');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Gbagada Court' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete Project' })).toBeInTheDocument();

    expect(await screen.findByText('(1 of 1 shown)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Tower 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete Project' })).toBeInTheDocument();
  });

  it("reports 'Delete Failed' with the server's error, or the fallback message", async () => {
    let answer = () =>
      jsonResponse(409, { success: false, error: 'Project has open budgets', code: 'CONFLICT' });
    const project = buildProjectSummary({ title: 'Ogui Plaza' });
    mockFetch((call) =>
      call.method === 'DELETE' ? answer() : categoriesOr(call, () => listAnswer([project], 1, 1, null)),
    );
    renderWithProviders(<ProjectBrowser />, { user: admin });
    const remove = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ogui Plaza' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Project' }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
    };
    await remove();
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('Project has open budgets')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await remove();
    expect(await screen.findByText('Failed to delete project. Please try again.')).toBeInTheDocument();
  });

  it('offers no delete menu to roles that may not delete projects', async () => {
    mockFetch((call) => categoriesOr(call, () => listAnswer(firstPage, 1, 12, null)));
    renderWithProviders(<ProjectBrowser />, { user: buildUser({ role: 'architect' }) });
    await screen.findByRole('link', { name: 'Tower 1' });
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });
});
