import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';

/**
 * The money a client gets, in every answer and export: the project value, what was paid and what is
 * still owed come from recorded financials by the one shared rule, and nothing else stands in for them.
 */
let server: TestServer;
let admin: TestUser, accountant: TestUser, lead: TestUser;
let client: TestUser, newClient: TestUser;
let recorded: ProjectFixture, unrecorded: ProjectFixture;

// Internal budgets that must never reach a client as a "value".
const BUDGET = 1_234_567_000;
const NEW_BUDGET = 987_654_000;

beforeAll(async () => {
  server = await startTestServer();
  [admin, accountant, lead, client, newClient] = await Promise.all([
    server.user('admin'),
    server.user('accountant'),
    server.user('project_lead'),
    server.user('client'),
    server.user('client'),
  ]);
  recorded = await makeProject(
    server,
    { lead, client },
    { title: 'Lekki Pearl', status: 'in_progress', budget: BUDGET, spent: 300_000_000 },
  );
  unrecorded = await makeProject(
    server,
    { lead, client: newClient },
    { title: 'Trans-Amadi', status: 'not_started', budget: NEW_BUDGET, spent: 0 },
  );
  // ₦1.45bn: ₦435M at the start, ₦300M paid, ₦250M overdue (unpaid, past due), ₦465M to come.
  const saved = await server.app.inject({
    method: 'PUT',
    url: `/api/projects/${recorded.id}/financials`,
    headers: accountant.auth,
    payload: {
      totalProjectValue: 1_450_000_000,
      initialPayment: 435_000_000,
      installments: [
        { amount: 300_000_000, dueDate: '2026-01-31', status: 'paid' },
        { amount: 250_000_000, dueDate: '2020-02-28', status: 'pending' },
        { amount: 465_000_000, dueDate: '2099-06-30', status: 'pending' },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => server.stop());

const get = (url: string, who: TestUser) => server.app.inject({ method: 'GET', url, headers: who.auth });
const json = async (url: string, who: TestUser) => (await get(url, who)).json();

/** The export's rows as objects keyed by its header. */
async function csvRows(who: TestUser) {
  const response = await get('/api/reports/export', who);
  expect(response.statusCode).toBe(200);
  const [header, ...lines] = response.body.trim().split('\r\n');
  const cells = (line: string) => line.slice(1, -1).split('","');
  return lines.map((line) =>
    Object.fromEntries(cells(header!).map((name, index) => [name, cells(line)[index]])),
  );
}

describe("a client's figures add up", () => {
  it('financials: ₦735M paid (initial and paid installment) and ₦715M outstanding of ₦1.45bn', async () => {
    const { financials } = await json(`/api/projects/${recorded.id}/financials`, client);
    expect(financials).toMatchObject({
      totalProjectValue: 1_450_000_000,
      initialPayment: 435_000_000,
      amountPaid: 735_000_000,
      outstandingBalance: 715_000_000,
    });
    expect(financials.installments.map((row: { status: string }) => row.status)).toEqual([
      'paid',
      'overdue',
      'pending',
    ]);
  });

  it('dashboard: the value and the amount paid', async () => {
    const { stats } = await json('/api/projects/dashboard-stats', client);
    expect(stats).toMatchObject({ totalProjectValue: 1_450_000_000, totalAmountPaid: 735_000_000 });
  });

  it('reports: value, amount paid and outstanding balance, in the overview and by status', async () => {
    const { report } = await json('/api/reports', client);
    expect(report.overview).toMatchObject({
      totalProjectValue: 1_450_000_000,
      totalAmountPaid: 735_000_000,
      outstandingBalance: 715_000_000,
      totalBudget: null,
      totalSpent: null,
      budgetUsed: null,
    });
    const inProgress = report.statusSummary.find((row: { status: string }) => row.status === 'in_progress');
    expect(inProgress).toEqual({ status: 'in_progress', count: 1, value: 1_450_000_000, budget: null });
  });

  it('CSV: the same figures, and the status in words', async () => {
    expect(await csvRows(client)).toEqual([
      expect.objectContaining({
        Title: 'Lekki Pearl',
        Status: 'In Progress',
        'Project Value': '1450000000',
        'Amount Paid': '735000000',
        'Outstanding Balance': '715000000',
      }),
    ]);
  });

  it('project list and detail: the recorded value', async () => {
    const list = await json('/api/projects?limit=100', client);
    expect(list.projects).toEqual([
      expect.objectContaining({ id: recorded.id, projectValue: 1_450_000_000 }),
    ]);
    const { project } = await json(`/api/projects/${recorded.id}`, client);
    expect(project).toMatchObject({ projectValue: 1_450_000_000, budget: null, spent: null });
  });

  it('refuses a save whose paid installments and initial payment exceed the value, changing nothing', async () => {
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/projects/${recorded.id}/financials`,
      headers: accountant.auth,
      payload: {
        installments: [
          { amount: 1_000_000_000, dueDate: '2026-01-31', status: 'paid' },
          { amount: 15_000_000.01, dueDate: '2026-02-28', status: 'paid' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'initialPayment and the paid installments together cannot exceed totalProjectValue',
    );
    const { financials } = await json(`/api/projects/${recorded.id}/financials`, client);
    expect(financials.amountPaid).toBe(735_000_000);
  });
});

describe('a client whose project has no financials recorded sees no value, never the budget', () => {
  const noBudget = (body: string) => {
    expect(body).not.toContain(String(NEW_BUDGET));
    expect(body).not.toContain(String(NEW_BUDGET / 1e6));
  };

  it('project list and detail', async () => {
    const list = await get('/api/projects?limit=100', newClient);
    expect(list.json().projects).toEqual([
      expect.objectContaining({ id: unrecorded.id, projectValue: null, budget: null }),
    ]);
    noBudget(list.body);
    const detail = await get(`/api/projects/${unrecorded.id}`, newClient);
    expect(detail.json().project).toMatchObject({ projectValue: null, budget: null });
    noBudget(detail.body);
  });

  it('dashboard', async () => {
    const response = await get('/api/projects/dashboard-stats', newClient);
    expect(response.json().stats).toMatchObject({ totalProjectValue: null, totalAmountPaid: null });
    noBudget(response.body);
  });

  it('reports', async () => {
    const response = await get('/api/reports', newClient);
    const { report } = response.json();
    expect(report.overview).toMatchObject({
      totalProjects: 1,
      totalProjectValue: null,
      totalAmountPaid: null,
      outstandingBalance: null,
    });
    for (const row of [...report.statusSummary, ...report.categorySummary]) expect(row.value).toBeNull();
    noBudget(response.body);
  });

  it('CSV', async () => {
    expect(await csvRows(newClient)).toEqual([
      expect.objectContaining({
        Title: 'Trans-Amadi',
        Status: 'Not Started',
        'Project Value': 'Not recorded yet',
        'Amount Paid': 'Not recorded yet',
        'Outstanding Balance': 'Not recorded yet',
      }),
    ]);
    noBudget((await get('/api/reports/export', newClient)).body);
  });
});

describe('the project value among staff', () => {
  it('is for those who read financials: the administrator sees it, a project lead does not', async () => {
    const asAdmin = await json(`/api/projects/${recorded.id}`, admin);
    expect(asAdmin.project).toMatchObject({ projectValue: 1_450_000_000, budget: BUDGET });
    const asLead = await json(`/api/projects/${recorded.id}`, lead);
    expect(asLead.project).toMatchObject({ projectValue: null, budget: BUDGET });
    // The same page is asked by both: what one was answered is not kept for the other.
    const adminList = await json('/api/projects?limit=100', admin);
    const adminRow = adminList.projects.find((row: { id: string }) => row.id === recorded.id);
    expect(adminRow.projectValue).toBe(1_450_000_000);
    const leadList = await json('/api/projects?limit=100', lead);
    const leadRow = leadList.projects.find((row: { id: string }) => row.id === recorded.id);
    expect(leadRow.projectValue).toBeNull();
    expect((await json('/api/reports', lead)).report.overview.totalProjectValue).toBeNull();
    expect((await json('/api/reports', admin)).report.overview).toMatchObject({
      totalProjectValue: 1_450_000_000,
      totalAmountPaid: 735_000_000,
      outstandingBalance: 715_000_000,
    });
    expect(Object.keys((await csvRows(lead))[0]!)).not.toContain('Project Value');
    expect((await csvRows(admin)).find((row) => row.Title === 'Lekki Pearl')).toMatchObject({
      Budget: String(BUDGET),
      'Project Value': '1450000000',
      'Outstanding Balance': '715000000',
    });
  });
});
