import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '@trowel/shared/projects/phase.rules.ts';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';

let server: TestServer;
let admin: TestUser, pm: TestUser, qs: TestUser, accountant: TestUser, lead: TestUser, engineer: TestUser;
let client: TestUser, otherClient: TestUser, vendor: TestUser;
let project: ProjectFixture, otherProject: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer();
  [admin, pm, qs, accountant, lead, engineer, client, otherClient, vendor] = await Promise.all([
    server.user('admin'),
    server.user('project_manager'),
    server.user('quantity_surveyor'),
    server.user('accountant'),
    server.user('project_lead'),
    server.user('team_member'),
    server.user('client'),
    server.user('client'),
    server.user('vendor'),
  ]);
  project = await makeProject(server, { lead, client }, { budget: 90_000_000 });
  otherProject = await makeProject(server, { lead, client: otherClient });
});
afterAll(() => server.stop());

const url = (id: string) => `/api/projects/${id}/financials`;
const get = (id: string, who: TestUser) =>
  server.app.inject({ method: 'GET', url: url(id), headers: who.auth });
const put = (id: string, who: TestUser, payload: object) =>
  server.app.inject({ method: 'PUT', url: url(id), headers: who.auth, payload });

const body = {
  totalProjectValue: 120_000_000.5,
  initialPayment: 30_000_000.25,
  outstandingBalance: 1,
  installments: [
    { amount: 45_000_000, dueDate: '2020-01-31', status: 'paid' },
    { amount: 45_000_000.25, dueDate: '2099-06-30', status: 'pending' },
  ],
};

const titles = async (who: TestUser) =>
  (
    (
      await server.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: who.auth })
    ).json().notifications as Array<{ title: string; link: string; projectId: string }>
  ).filter((notice) => notice.title === 'Project Financials Updated');

describe('project financials', () => {
  it('is null until recorded, then answers the figures with the outstanding balance recomputed', async () => {
    expect((await get(project.id, accountant)).json()).toEqual({ success: true, financials: null });
    const saved = await put(project.id, accountant, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().financials).toMatchObject({
      projectId: project.id,
      totalProjectValue: 120_000_000.5,
      initialPayment: 30_000_000.25,
      // The value less what was paid: the initial payment and the paid installment.
      outstandingBalance: 45_000_000.25,
      amountPaid: 75_000_000.25,
      installments: [
        { amount: 45_000_000, dueDate: '2020-01-31', status: 'paid' },
        { amount: 45_000_000.25, dueDate: '2099-06-30', status: 'pending' },
      ],
    });
    const again = (await get(project.id, pm)).json().financials;
    expect(again.installments.map((row: { id: string }) => row.id)).toEqual(
      saved.json().financials.installments.map((row: { id: string }) => row.id),
    );
  });

  it('shows an unpaid installment past its due date as overdue without anyone editing it', async () => {
    const yesterday = new Date(Date.parse(`${todayInLagos()}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await put(project.id, qs, {
      ...body,
      installments: [
        { amount: 10, dueDate: yesterday, status: 'pending' },
        { amount: 10, dueDate: '2099-01-01', status: 'overdue' },
      ],
    });
    const shown = (await get(project.id, client)).json().financials.installments;
    expect(shown.map((row: { status: string }) => row.status)).toEqual(['overdue', 'pending']);
  });

  it('lets admin, accountant and QS save; project_manager and the rest are refused', async () => {
    for (const who of [admin, accountant, qs])
      expect((await put(project.id, who, body)).statusCode, who.role).toBe(200);
    for (const who of [pm, lead, engineer, client, vendor]) {
      expect((await put(project.id, who, body)).statusCode, who.role).toBe(403);
    }
  });

  it('lets the finance roles and the project_manager read, the client their own project only', async () => {
    for (const who of [admin, accountant, qs, pm, client])
      expect((await get(project.id, who)).statusCode, who.role).toBe(200);
    expect((await get(project.id, otherClient)).statusCode).toBe(404);
    for (const who of [vendor, lead, engineer])
      expect((await get(project.id, who)).statusCode, who.role).toBe(403);
    expect((await get('00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
  });

  it('refuses bad amounts naming the field, changing nothing', async () => {
    const before = (await get(project.id, admin)).json().financials;
    const cases: Array<[object, RegExp]> = [
      [{ ...body, totalProjectValue: -1 }, /totalProjectValue/],
      [{ ...body, initialPayment: 'lots' }, /initialPayment/],
      [{ ...body, installments: [] }, /At least one installment/],
      [{ ...body, installments: [{ amount: -5, dueDate: '2026-01-01' }] }, /Installment 1 amount/],
      [{ ...body, installments: [{ amount: 5, dueDate: '31/01/2026' }] }, /Installment 1 due date/],
      [{ ...body, initialPayment: 200_000_000 }, /initialPayment/],
      [{ ...body, totalProjectValue: 1.001 }, /totalProjectValue/],
    ];
    for (const [payload, message] of cases) {
      const response = await put(project.id, admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect((await get(project.id, admin)).json().financials).toEqual(before);
  });

  it('keeps what a save leaves out, and needs every figure the first time', async () => {
    const fresh = await makeProject(server, { lead, client });
    const first = await put(fresh.id, accountant, { totalProjectValue: 50_000_000 });
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toBe(
      'totalProjectValue, initialPayment and installments are required the first time',
    );
    expect((await get(fresh.id, admin)).json().financials).toBeNull();
    expect((await put(fresh.id, accountant, body)).statusCode).toBe(200);
    const recorded = (await get(fresh.id, admin)).json().financials;
    const raised = await put(fresh.id, accountant, { totalProjectValue: 150_000_000 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().financials).toMatchObject({
      totalProjectValue: 150_000_000,
      initialPayment: 30_000_000.25,
      outstandingBalance: 74_999_999.75,
      installments: recorded.installments,
    });
    // The merged figures are checked: an initial payment above the recorded value is refused.
    const above = await put(fresh.id, accountant, { initialPayment: 150_000_000.01 });
    expect(above.statusCode).toBe(400);
    expect(above.json().error).toBe('initialPayment cannot exceed totalProjectValue');
    expect((await get(fresh.id, admin)).json().financials.initialPayment).toBe(30_000_000.25);
  });

  it('tells admin and accountant only, with the project and a link to the financials screen', async () => {
    const secondAccountant = await server.user('accountant');
    await put(otherProject.id, qs, body);
    const expected = expect.objectContaining({
      projectId: otherProject.id,
      link: `/projects/${otherProject.id}/financials`,
    });
    expect(await titles(admin)).toContainEqual(expected);
    expect(await titles(secondAccountant)).toContainEqual(expected);
    for (const who of [pm, lead, engineer, otherClient]) expect(await titles(who), who.role).toEqual([]);
  });

  it("feeds the client's dashboard: value and amount paid, from financials only", async () => {
    const fresh = await makeProject(server, { lead, client: otherClient }, { budget: 5_000_000 });
    const before = (
      await server.app.inject({
        method: 'GET',
        url: '/api/projects/dashboard-stats',
        headers: otherClient.auth,
      })
    ).json().stats;
    await put(fresh.id, accountant, {
      totalProjectValue: 8_000_000,
      initialPayment: 1_000_000,
      installments: [
        { amount: 3_500_000, dueDate: '2026-01-01', status: 'paid' },
        { amount: 3_500_000, dueDate: '2099-01-01', status: 'pending' },
      ],
    });
    const after = (
      await server.app.inject({
        method: 'GET',
        url: '/api/projects/dashboard-stats',
        headers: otherClient.auth,
      })
    ).json().stats;
    // The project's ₦5M budget was never its value: the value counts once recorded, in full.
    expect(after.totalProjectValue - (before.totalProjectValue ?? 0)).toBe(8_000_000);
    expect(after.totalAmountPaid - (before.totalAmountPaid ?? 0)).toBe(4_500_000);
  });
});
