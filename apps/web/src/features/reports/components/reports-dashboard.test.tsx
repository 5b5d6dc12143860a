import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/api-client.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReportsDashboard } from './reports-dashboard.tsx';

const report: ReportDto = {
  timeframe: 'all',
  category: 'all',
  overview: {
    totalProjects: 10,
    activeProjects: 5,
    completedProjects: 2,
    onHoldProjects: 1,
    totalProjectValue: 1_450_000_000,
    originalProjectValue: 1_400_000_000,
    approvedVariations: 50_000_000,
    totalAmountPaid: 735_000_000,
    outstandingBalance: 715_000_000,
    totalBudget: 13_025_000_000,
    totalSpent: 3_467_650_000,
    budgetUsed: 27,
    averageProgress: 46,
  },
  statusSummary: [
    { status: 'not_started', count: 2, value: null, budget: 1_870_000_000 },
    { status: 'in_progress', count: 5, value: 1_450_000_000, budget: 9_430_000_000 },
  ],
  categorySummary: [
    { category: 'Residential', count: 4, value: 1_450_000_000, budget: 3_000_000_000, spent: 1_000_000_000 },
  ],
};

/** The same report as a client gets it: the value of their projects, never internal costs. */
const clientReport: ReportDto = {
  ...report,
  overview: { ...report.overview, totalBudget: null, totalSpent: null, budgetUsed: null },
  statusSummary: report.statusSummary.map((row) => ({ ...row, budget: null })),
  categorySummary: report.categorySummary.map((row) => ({ ...row, budget: null, spent: null })),
};

beforeEach(() => {
  // recharts measures its container; jsdom has no layout (and recharts warns about the zero size).
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = buildUser({ role: 'admin' });
const reportCalls = (paths: string[]) => paths.filter((path) => path.startsWith('/reports?'));

describe('ReportsDashboard', () => {
  it('shows the overview with budgets in millions, and the status summary', async () => {
    mockFetch(() => jsonResponse(200, { success: true, report }));
    renderWithProviders(<ReportsDashboard />, { user });
    const overview = await screen.findByRole('list', { name: 'Report overview' });
    expect(overview).toHaveTextContent('Total Projects10');
    expect(overview).toHaveTextContent('Total Budget₦13,025.0M');
    expect(overview).toHaveTextContent('Total Spent₦3,467.7M');
    // Spent over budget is Budget Used, as on the dashboard; Budget Utilisation is approved budgets.
    expect(overview).toHaveTextContent('Budget Used27%');
    expect(overview).not.toHaveTextContent('Utilisation');
    expect(overview).toHaveTextContent('Total Project Value₦1,450.0M');
    expect(overview).toHaveTextContent('Total Amount Paid₦735.0M');
    expect(overview).toHaveTextContent('Outstanding Balance₦715.0M');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /In Progress/ })).toHaveTextContent('5₦9,430.0M');
    expect(screen.getByText('Projects by status: Not Started: 2, In Progress: 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'By Category' }));
    expect(screen.getByText('Projects by category: Residential: 4')).toBeInTheDocument();
    // The report narrows by timeframe and category only: no button that does nothing.
    expect(screen.queryByRole('button', { name: 'More Filters' })).not.toBeInTheDocument();
  });

  it('shows clients the value of their projects and no internal costs', async () => {
    mockFetch(() => jsonResponse(200, { success: true, report: clientReport }));
    renderWithProviders(<ReportsDashboard />, { user: buildUser({ role: 'client' }) });
    const overview = await screen.findByRole('list', { name: 'Report overview' });
    expect(overview).toHaveTextContent('Total Project Value₦1,450.0M');
    expect(overview).toHaveTextContent('Total Amount Paid₦735.0M');
    expect(overview).toHaveTextContent('Outstanding Balance₦715.0M');
    expect(overview).not.toHaveTextContent('Total Budget');
    expect(overview).not.toHaveTextContent('Total Spent');
    expect(overview).not.toHaveTextContent('Budget Used');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Project Value' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Budget' })).toBeNull();
    expect(within(table).getByRole('row', { name: /In Progress/ })).toHaveTextContent('5₦1,450.0M');
    expect(within(table).getByRole('row', { name: /Not Started/ })).toHaveTextContent('2Not recorded yet');
  });

  it("tells a client 'Not recorded yet' while none of their projects has financials, never a budget", async () => {
    const none: ReportDto = {
      ...clientReport,
      overview: {
        ...clientReport.overview,
        totalProjectValue: null,
        totalAmountPaid: null,
        outstandingBalance: null,
      },
      statusSummary: clientReport.statusSummary.map((row) => ({ ...row, value: null })),
    };
    mockFetch(() => jsonResponse(200, { success: true, report: none }));
    renderWithProviders(<ReportsDashboard />, { user: buildUser({ role: 'client' }) });
    const overview = await screen.findByRole('list', { name: 'Report overview' });
    expect(overview).toHaveTextContent('Total Project ValueNot recorded yet');
    expect(overview).toHaveTextContent('Total Amount PaidNot recorded yet');
    expect(overview).toHaveTextContent('Outstanding BalanceNot recorded yet');
    expect(screen.getByRole('table')).not.toHaveTextContent('₦');
  });

  it('shows a project lead internal costs only: the project value is for those who read financials', async () => {
    const leadReport: ReportDto = {
      ...report,
      overview: {
        ...report.overview,
        totalProjectValue: null,
        totalAmountPaid: null,
        outstandingBalance: null,
      },
    };
    mockFetch(() => jsonResponse(200, { success: true, report: leadReport }));
    renderWithProviders(<ReportsDashboard />, { user: buildUser({ role: 'project_lead' }) });
    const overview = await screen.findByRole('list', { name: 'Report overview' });
    expect(overview).toHaveTextContent('Total Budget₦13,025.0M');
    expect(overview).not.toHaveTextContent('Project Value');
    expect(overview).not.toHaveTextContent('Not recorded yet');
  });

  it('asks again for the chosen timeframe and category', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, report }));
    renderWithProviders(<ReportsDashboard />, { user });
    await screen.findByRole('list', { name: 'Report overview' });
    await userEvent.selectOptions(screen.getByLabelText('Timeframe'), 'quarter');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Commercial');
    await waitFor(() =>
      expect(reportCalls(calls.map((call) => call.path))).toEqual([
        '/reports?timeframe=all&category=all',
        '/reports?timeframe=quarter&category=all',
        '/reports?timeframe=quarter&category=Commercial',
      ]),
    );
    expect(
      within(screen.getByLabelText('Timeframe'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Time', 'This Year', 'This Quarter', 'This Month']);
  });

  it('downloads the CSV export with the bearer token and saves it under the server’s file name', async () => {
    setToken('secret-token');
    const createObjectURL = vi.fn(() => 'blob:report');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { calls } = mockFetch((call) =>
      call.path.startsWith('/reports/export')
        ? new Response('title,status\n', {
            status: 200,
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="trowel-report.csv"',
            },
          })
        : jsonResponse(200, { success: true, report }),
    );
    renderWithProviders(<ReportsDashboard />, { user });
    await screen.findByRole('list', { name: 'Report overview' });
    await userEvent.click(screen.getByRole('button', { name: 'Export Report' }));

    await waitFor(() => expect(clicked).toEqual(['trowel-report.csv']));
    const exportCall = calls.find((call) => call.path.startsWith('/reports/export'));
    expect(exportCall?.path).toBe('/reports/export?timeframe=all&category=all');
    expect(exportCall?.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
    Object.assign(URL, original);
  });

  it("shows 'Failed to load report' with Try Again", async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { success: false, error: 'down', code: 'INTERNAL_ERROR' })
        : jsonResponse(200, { success: true, report }),
    );
    renderWithProviders(<ReportsDashboard />, { user });
    expect(await screen.findByText('Failed to load report')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Report overview' })).toBeInTheDocument();
  });

  it('says when no project matches the filters', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        success: true,
        report: { ...report, overview: { ...report.overview, totalProjects: 0 } },
      }),
    );
    renderWithProviders(<ReportsDashboard />, { user });
    expect(await screen.findByText('No projects match these filters.')).toBeInTheDocument();
  });
});
