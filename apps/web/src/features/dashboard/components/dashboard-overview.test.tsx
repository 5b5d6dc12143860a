import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardStats } from '@trowel/shared/projects/project.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DashboardOverview } from './dashboard-overview.tsx';

afterEach(() => vi.unstubAllGlobals());

const staffStats: DashboardStats = {
  activeProjectsCount: 3,
  completedProjectsCount: 2,
  totalBudget: 13_025_000_000,
  totalSpent: 3_467_650_000,
  totalApprovedBudgets: 2_605_000_000,
  approvedBudgetUtilisation: 20,
  activeProjects: [
    { id: 'p1', title: 'Lekki Pearl', progress: 53 },
    { id: 'p2', title: 'Federal Annex', progress: 13 },
    { id: 'p3', title: 'Admiralty Terraces', progress: 30 },
  ],
};

function show(user: UserDto, stats: DashboardStats | null = staffStats) {
  mockFetch(() => jsonResponse(200, { success: true, stats }));
  renderWithProviders(<DashboardOverview user={user} />, { user });
}

const figure = (label: string) =>
  within(screen.getByRole('list', { name: 'Project figures' })).getByText(label).nextSibling?.textContent;

describe('DashboardOverview', () => {
  it('shows staff the counts, totals in millions with one decimal, and Budget Used as a whole percent', async () => {
    show(buildUser({ role: 'accountant' }));
    await screen.findByRole('list', { name: 'Project figures' });
    expect(figure('Active Projects')).toBe('3');
    expect(figure('Completed Projects')).toBe('2');
    expect(figure('Total Budget')).toBe('₦13,025.0M');
    expect(figure('Total Spent')).toBe('₦3,467.7M');
    expect(figure('Budget Used')).toBe('27%');
    expect(figure('Approved Budgets')).toBe('₦2,605.0M');
    expect(figure('Budget Utilisation')).toBe('20%');
  });

  it('shows Budget Used as 0% without a budget', async () => {
    show(buildUser({ role: 'admin' }), { ...staffStats, totalBudget: 0, totalSpent: 5_000 });
    await screen.findByRole('list', { name: 'Project figures' });
    expect(figure('Budget Used')).toBe('0%');
  });

  it('lists active projects with their progress, each labelled IN PROGRESS', async () => {
    show(buildUser({ role: 'admin' }));
    const list = await screen.findByRole('list', { name: 'Active projects' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    for (const item of items) expect(item).toHaveTextContent('IN PROGRESS');
    expect(items[0]).toHaveTextContent('Lekki Pearl');
    expect(items[0]).toHaveTextContent('53%');
    expect(within(list).getByRole('link', { name: 'Lekki Pearl' })).toHaveAttribute('href', '/projects/p1');
  });

  it("lists projects under 30% in a dismissible 'Attention Required' banner", async () => {
    show(buildUser({ role: 'admin' }));
    const banner = (await screen.findByText('Attention Required')).closest('[role="alert"]') as HTMLElement;
    expect(banner).toHaveTextContent('behind schedule');
    expect(banner).toHaveTextContent('Federal Annex');
    expect(banner).not.toHaveTextContent('Admiralty Terraces');
    expect(banner).not.toHaveTextContent('Lekki Pearl');
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Attention Required')).not.toBeInTheDocument();

    // Coming back to the dashboard in the same session keeps it dismissed.
    cleanup();
    show(buildUser({ role: 'admin' }));
    await screen.findByRole('list', { name: 'Active projects' });
    expect(screen.queryByText('Attention Required')).not.toBeInTheDocument();
  });

  it('shows no banner when every project is at 30% or more', async () => {
    show(buildUser({ role: 'admin' }), {
      ...staffStats,
      activeProjects: [{ id: 'p3', title: 'A', progress: 30 }],
    });
    await screen.findByRole('list', { name: 'Active projects' });
    expect(screen.queryByText('Attention Required')).not.toBeInTheDocument();
  });

  it.each(['admin', 'project_manager', 'architect'] as const)('shows Quick Actions to %s', async (role) => {
    show(buildUser({ role }));
    expect(await screen.findByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/projects/new');
    expect(screen.getByRole('link', { name: 'Add Daily Log' })).toHaveAttribute('href', '/daily-log');
    expect(screen.getByRole('link', { name: 'View Reports' })).toHaveAttribute('href', '/reports');
  });

  it.each(['team_member', 'project_lead', 'client'] as const)(
    'shows no Quick Actions to %s',
    async (role) => {
      show(buildUser({ role }));
      await screen.findByRole('list', { name: 'Project figures' });
      expect(screen.queryByText('Quick Actions')).not.toBeInTheDocument();
    },
  );

  it('shows clients the project value and amount paid instead of budget figures', async () => {
    show(buildUser({ role: 'client' }), {
      activeProjectsCount: 1,
      completedProjectsCount: 0,
      totalProjectValue: 185_000_000,
      originalProjectValue: 170_000_000,
      approvedVariations: 15_000_000,
      totalAmountPaid: 50_000_000,
      activeProjects: [],
    });
    await screen.findByRole('list', { name: 'Project figures' });
    expect(figure('Original Value')).toBe('₦170.0M');
    expect(figure('Approved Variations')).toBe('₦15.0M');
    expect(figure('Total Project Value')).toBe('₦185.0M');
    expect(figure('Total Amount Paid')).toBe('₦50.0M');
    expect(screen.queryByText('Budget Used')).not.toBeInTheDocument();
    expect(screen.queryByText('Total Budget')).not.toBeInTheDocument();
  });

  it("tells a client whose projects have no financials recorded 'Not recorded yet', not a budget", async () => {
    show(buildUser({ role: 'client' }), {
      activeProjectsCount: 1,
      completedProjectsCount: 0,
      totalProjectValue: null,
      originalProjectValue: null,
      approvedVariations: null,
      totalAmountPaid: null,
      activeProjects: [],
    });
    await screen.findByRole('list', { name: 'Project figures' });
    expect(figure('Total Project Value')).toBe('Not recorded yet');
    expect(figure('Total Amount Paid')).toBe('Not recorded yet');
  });

  it("shows 'Failed to load dashboard data' with a Retry that loads again", async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { success: false, error: 'down', code: 'INTERNAL_ERROR' })
        : jsonResponse(200, { success: true, stats: staffStats }),
    );
    const user = buildUser({ role: 'admin' });
    renderWithProviders(<DashboardOverview user={user} />, { user });
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Project figures' })).toBeInTheDocument();
  });
});
