import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';

let server: TestServer;
let admin: TestUser, lead: TestUser, client: TestUser, otherClient: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, lead, client, otherClient] = await Promise.all([
    server.user('admin'),
    server.user('project_lead'),
    server.user('client'),
    server.user('client'),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  await makeProject(
    server,
    { lead, client },
    {
      title: 'Recent Block',
      status: 'in_progress',
      category: 'Commercial',
      budget: 100,
      spent: 50,
      startDate: today,
    },
  );
  await makeProject(
    server,
    { lead, client },
    {
      title: 'Old Block',
      status: 'completed',
      category: 'Residential',
      budget: 300,
      spent: 300,
      startDate: '2020-01-01',
    },
  );
  await makeProject(
    server,
    { lead, client: otherClient },
    {
      title: '=HYPERLINK("x")',
      status: 'on_hold',
      category: 'Commercial',
      budget: 600,
      spent: 0,
      startDate: '2020-01-01',
    },
  );
});
afterAll(() => server.stop());

const get = (url: string, who: TestUser) => server.app.inject({ method: 'GET', url, headers: who.auth });

describe('GET /api/reports', () => {
  it('sums what the user may see, by status and category', async () => {
    const report = (await get('/api/reports', admin)).json().report;
    expect(report.overview).toMatchObject({
      totalProjects: 3,
      activeProjects: 1,
      completedProjects: 1,
      onHoldProjects: 1,
      totalBudget: 1000,
      totalSpent: 350,
      // Spent over budget, under the dashboard's name for it.
      budgetUsed: 35,
      // No financials recorded: no value, never the budget in its place.
      totalProjectValue: null,
    });
    expect(report.overview).not.toHaveProperty('budgetUtilisation');
    expect(report.statusSummary.find((row: { status: string }) => row.status === 'on_hold')).toEqual({
      status: 'on_hold',
      count: 1,
      value: null,
      budget: 600,
    });
    const clientReport = (await get('/api/reports', client)).json().report;
    expect(clientReport.overview.totalProjects).toBe(2);
  });

  it('shows a client progress, never budget, spent or Budget Used', async () => {
    const response = await get('/api/reports', client);
    const { report } = response.json();
    expect(report.overview).toMatchObject({
      totalProjects: 2,
      totalProjectValue: null,
      totalBudget: null,
      totalSpent: null,
      budgetUsed: null,
      averageProgress: expect.any(Number),
    });
    for (const row of [...report.statusSummary, ...report.categorySummary]) {
      expect(row.budget).toBeNull();
      expect(row.spent ?? null).toBeNull();
    }
    expect(
      report.categorySummary.find((row: { category: string }) => row.category === 'Residential').value,
    ).toBeNull();
    expect(response.body).not.toMatch(/"spent":\d/);
  });

  it('exports a client CSV with the project value and no internal costs', async () => {
    const response = await get('/api/reports/export', client);
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toContain('"Project Value"');
    expect(header).not.toContain('"Budget"');
    expect(header).not.toContain('"Spent"');
    expect(rows).toHaveLength(2);
    expect(response.body).not.toContain('HYPERLINK');
    const adminHeader = (await get('/api/reports/export', admin)).body.split('\r\n')[0];
    expect(adminHeader).toContain('"Budget"');
    expect(adminHeader).toContain('"Spent"');
  });

  it('filters by timeframe and category', async () => {
    expect((await get('/api/reports?timeframe=month', admin)).json().report.overview.totalProjects).toBe(1);
    expect((await get('/api/reports?category=Commercial', admin)).json().report.overview.totalProjects).toBe(
      2,
    );
    expect((await get('/api/reports?timeframe=decade', admin)).statusCode).toBe(400);
  });

  it('exports the filtered projects as CSV, safe for spreadsheets', async () => {
    const response = await get('/api/reports/export?category=Commercial', admin);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="trowel-projects-/);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"Title"');
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
    // Statuses in the words the screens use, not their codes.
    expect(response.body).toContain('"Recent Block","Commercial","In Progress"');
    expect(response.body).toContain('"Commercial","On Hold"');
    expect(response.body).not.toMatch(/in_progress|on_hold/);
    expect(response.body).not.toContain('Old Block');
  });
});
