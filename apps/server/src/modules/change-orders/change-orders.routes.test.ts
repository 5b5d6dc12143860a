import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import { CHANGE_ORDER_MESSAGES } from '@trowel/shared/change-orders/change-order.schemas.ts';
import { sql } from 'drizzle-orm';

let server: TestServer;
let admin: TestUser, pm: TestUser, qs: TestUser, accountant: TestUser, lead: TestUser, otherLead: TestUser;
let engineer: TestUser, architect: TestUser, client: TestUser, otherClient: TestUser, vendor: TestUser;
let project: ProjectFixture, otherProject: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer();
  [admin, pm, qs, accountant, lead, otherLead, engineer, architect, client, otherClient, vendor] =
    await Promise.all([
      server.user('admin'),
      server.user('project_manager'),
      server.user('quantity_surveyor'),
      server.user('accountant'),
      server.user('project_lead'),
      server.user('project_lead'),
      server.user('team_member'),
      server.user('architect'),
      server.user('client'),
      server.user('client'),
      server.user('vendor'),
    ]);
  project = await valuedProject({ lead, client });
  otherProject = await valuedProject({ lead: otherLead, client: otherClient });
});
afterAll(() => server.stop());

const body = {
  description: 'Extra boys quarters at the back of the plot',
  reason: 'Client asked on site visit of 3 March',
  items: [
    { description: 'Blockwork', quantity: 1.005, unit: 'm2', unitPrice: 1 },
    { description: 'Roofing sheets', quantity: 12, unit: 'pcs', unitPrice: 8_500.5 },
  ],
  scheduleImpactDays: 14,
  internalNotes: 'Margin 18%: do not show the client',
  installment: { amount: 50_000, dueDate: '2099-06-30' },
};

const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  payload
    ? server.app.inject({ method, url, headers: who.auth, payload })
    : server.app.inject({ method, url, headers: who.auth });
const draft = async (who: TestUser = pm, on: ProjectFixture = project, payload: object = body) => {
  const answer = await call(who, 'POST', `/api/projects/${on.id}/change-orders`, payload);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().changeOrder as { id: string; number: string; status: string };
};
/** A project whose contract value was recorded: change orders are sent on such projects only. */
async function valuedProject(people: Parameters<typeof makeProject>[1], totalProjectValue = 1_000_000) {
  const made = await makeProject(server, people);
  const recorded = await call(accountant, 'PUT', `/api/projects/${made.id}/financials`, {
    totalProjectValue,
    initialPayment: 0,
    installments: [{ amount: totalProjectValue, dueDate: '2099-01-01', status: 'pending' }],
  });
  expect(recorded.statusCode, recorded.body).toBe(200);
  return made;
}
const step = (who: TestUser, id: string, action: string, payload: object = {}) =>
  call(who, 'POST', `/api/change-orders/${id}/${action}`, payload);
const financials = async (who: TestUser, on: ProjectFixture = project) =>
  (await call(who, 'GET', `/api/projects/${on.id}/financials`)).json().financials;

describe('drafting a change order', () => {
  it('answers 201 with the lines totalled half up by the server, numbered per project', async () => {
    const created = await call(pm, 'POST', `/api/projects/${project.id}/change-orders`, {
      ...body,
      totalAmount: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().changeOrder;
    expect(order).toMatchObject({
      projectId: project.id,
      status: 'draft',
      // 1.005 × ₦1.00 is ₦1.01 half up; 12 × ₦8,500.50 is ₦102,006.
      items: [{ total: 1.01 }, { total: 102_006 }],
      totalAmount: 102_007.01,
      scheduleImpactDays: 14,
      installment: { amount: 50_000, dueDate: '2099-06-30' },
      internalNotes: 'Margin 18%: do not show the client',
      createdBy: { id: pm.id },
      history: [expect.objectContaining({ action: 'create', toStatus: 'draft' })],
    });
    expect(order.number).toMatch(/^CO-\d{3}$/);
    const next = await draft(qs);
    expect(Number(next.number.slice(3))).toBe(Number(order.number.slice(3)) + 1);
    const elsewhere = await draft(admin, otherProject);
    expect(elsewhere.number).toBe('CO-001');
  });

  it('takes a multipart form with files, and a negative or zero effect on the end date', async () => {
    const form = multipart(
      [{ name: 'quote.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' }],
      'files',
      {
        description: 'Omit the second lift',
        reason: 'Budget',
        items: JSON.stringify([{ description: 'Lift shaft finishing', quantity: 1, unitPrice: 0 }]),
        scheduleImpactDays: '-10',
      },
    );
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/change-orders`,
      headers: { ...lead.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const order = answer.json().changeOrder;
    expect(order).toMatchObject({ scheduleImpactDays: -10, totalAmount: 0, installment: null });
    expect(order.attachments).toHaveLength(1);
    const view = await server.app.inject({ method: 'GET', url: order.attachments[0].viewUrl });
    expect(view.statusCode).toBe(200);
    const opened = await call(engineer, 'GET', `/api/attachments/${order.attachments[0].id}/view`);
    expect(opened.statusCode).toBe(404);
  });

  it('refuses bad input naming the field, and an installment above the total', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ ...body, description: '' }, /description/],
      [{ ...body, reason: undefined }, /reason/],
      [{ ...body, items: [] }, /at least one line/],
      [{ ...body, items: [{ description: 'x', quantity: -1, unitPrice: 5 }] }, /Quantity/],
      [{ ...body, items: [{ description: 'x', quantity: 1, unitPrice: 5.001 }] }, /two decimals/],
      [{ ...body, scheduleImpactDays: 1.5 }, /scheduleImpactDays/],
      [{ ...body, installment: { amount: 5, dueDate: '2026-02-30' } }, /installment.dueDate/],
      [{ ...body, installment: { amount: 200_000, dueDate: '2099-01-01' } }, /cannot exceed/],
    ];
    for (const [payload, message] of cases) {
      const answer = await call(pm, 'POST', `/api/projects/${project.id}/change-orders`, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error).toMatch(message);
    }
  });

  it('lets PM, QS, admin and the project’s lead draft; others are refused', async () => {
    for (const who of [accountant, engineer, architect, client, vendor]) {
      const answer = await call(who, 'POST', `/api/projects/${project.id}/change-orders`, body);
      expect(answer.statusCode, who.role).toBe(403);
    }
    const notTheirs = await call(otherLead, 'POST', `/api/projects/${project.id}/change-orders`, body);
    expect(notTheirs.statusCode).toBe(404);
    const missing = await call(
      pm,
      'POST',
      `/api/projects/00000000-0000-4000-8000-000000000000/change-orders`,
      body,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('edits a draft only, recomputing the totals; a field left out keeps its value', async () => {
    const order = await draft();
    const edited = await call(lead, 'PUT', `/api/change-orders/${order.id}`, {
      items: [{ description: 'Blockwork', quantity: 2, unitPrice: 10_000 }],
      installment: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().changeOrder).toMatchObject({
      totalAmount: 20_000,
      installment: null,
      description: body.description,
    });
    expect(
      (await call(accountant, 'PUT', `/api/change-orders/${order.id}`, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect((await step(pm, order.id, 'send')).statusCode).toBe(200);
    const late = await call(pm, 'PUT', `/api/change-orders/${order.id}`, { reason: 'Changed my mind' });
    expect(late.statusCode).toBe(409);
  });
});

describe('who sees change orders', () => {
  it('shows the client sent ones of their own projects only, without internal notes', async () => {
    const kept = await draft();
    const sent = await draft();
    await step(pm, sent.id, 'send');
    const withdrawnEarly = await draft();
    await step(pm, withdrawnEarly.id, 'withdraw');

    const list = await call(client, 'GET', `/api/projects/${project.id}/change-orders?limit=100`);
    expect(list.statusCode).toBe(200);
    const ids = list.json().changeOrders.map((order: { id: string }) => order.id);
    expect(ids).toContain(sent.id);
    expect(ids).not.toContain(kept.id);
    expect(ids).not.toContain(withdrawnEarly.id);
    for (const order of list.json().changeOrders) expect(order.internalNotes).toBeNull();
    expect(list.json().pagination).toMatchObject({ currentPage: 1, totalItems: ids.length });

    expect((await call(client, 'GET', `/api/change-orders/${kept.id}`)).statusCode).toBe(404);
    expect((await call(client, 'GET', `/api/change-orders/${withdrawnEarly.id}`)).statusCode).toBe(404);
    const one = await call(client, 'GET', `/api/change-orders/${sent.id}`);
    expect(one.json().changeOrder).toMatchObject({ status: 'sent_to_client', internalNotes: null });
    expect(one.json().changeOrder.history.map((entry: { action: string }) => entry.action)).toEqual(['send']);
    expect((await call(pm, 'GET', `/api/change-orders/${sent.id}`)).json().changeOrder.internalNotes).toBe(
      body.internalNotes,
    );

    expect((await call(otherClient, 'GET', `/api/change-orders/${sent.id}`)).statusCode).toBe(404);
    expect((await call(otherClient, 'GET', `/api/projects/${project.id}/change-orders`)).statusCode).toBe(
      404,
    );
    expect((await call(vendor, 'GET', `/api/change-orders/${sent.id}`)).statusCode).toBe(404);
    expect((await call(vendor, 'GET', `/api/projects/${project.id}/change-orders`)).statusCode).toBe(404);
    expect((await call(engineer, 'GET', `/api/projects/${project.id}/change-orders`)).statusCode).toBe(403);
    expect((await call(otherLead, 'GET', `/api/change-orders/${sent.id}`)).statusCode).toBe(404);
    for (const who of [admin, pm, qs, accountant, lead]) {
      expect((await call(who, 'GET', `/api/change-orders/${kept.id}`)).statusCode, who.role).toBe(200);
    }
  });

  it('pages and filters by status', async () => {
    const page = await call(pm, 'GET', `/api/projects/${project.id}/change-orders?limit=2&status=draft`);
    expect(page.statusCode).toBe(200);
    expect(page.json().changeOrders).toHaveLength(2);
    expect(page.json().pagination).toMatchObject({ itemsPerPage: 2, hasNext: true });
    for (const order of page.json().changeOrders) expect(order.status).toBe('draft');
    const bad = await call(pm, 'GET', `/api/projects/${project.id}/change-orders?status=lost`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the client’s answer', () => {
  it('approves with their typed name: value and installment added to the financials, staff told', async () => {
    const fresh = await makeProject(server, { lead, client });
    await call(accountant, 'PUT', `/api/projects/${fresh.id}/financials`, {
      totalProjectValue: 1_000_000,
      initialPayment: 250_000,
      installments: [{ amount: 750_000, dueDate: '2099-01-01', status: 'pending' }],
    });
    const order = await draft(pm, fresh);
    const sent = await step(pm, order.id, 'send', { remarks: 'Please review before Friday' });
    expect(sent.json().changeOrder).toMatchObject({ status: 'sent_to_client', sentAt: expect.any(String) });
    const told = (await call(client, 'GET', '/api/notifications?limit=100')).json().notifications;
    expect(told).toContainEqual(
      expect.objectContaining({ title: 'Change order for your approval', projectId: fresh.id }),
    );

    expect((await step(client, order.id, 'approve', { signedName: ' ' })).statusCode).toBe(400);
    expect((await step(pm, order.id, 'approve', { signedName: 'PM' })).statusCode).toBe(403);
    expect((await step(otherClient, order.id, 'approve', { signedName: 'Not me' })).statusCode).toBe(404);
    const approved = await step(client, order.id, 'approve', { signedName: 'Chief Adebayo Okafor' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().changeOrder).toMatchObject({
      status: 'approved',
      signedName: 'Chief Adebayo Okafor',
      signedAt: expect.any(String),
      answeredBy: { id: client.id },
    });

    const figures = await financials(client, fresh);
    expect(figures).toMatchObject({
      originalValue: 1_000_000,
      approvedVariations: 102_007.01,
      totalProjectValue: 1_102_007.01,
      amountPaid: 250_000,
      outstandingBalance: 852_007.01,
    });
    expect(figures.installments.map((row: { amount: number }) => row.amount)).toEqual([750_000, 50_000]);
    expect(figures.installments[1]).toMatchObject({ dueDate: '2099-06-30', status: 'pending' });

    // The same figures everywhere the client sees the value: project, dashboard, report and its CSV.
    const detail = (await call(client, 'GET', `/api/projects/${fresh.id}`)).json().project;
    expect(detail.projectValue).toBe(1_102_007.01);
    const onlyClient = await server.user('client');
    const own = await makeProject(server, { lead, client: onlyClient });
    await call(accountant, 'PUT', `/api/projects/${own.id}/financials`, {
      totalProjectValue: 500_000,
      initialPayment: 0,
      installments: [{ amount: 500_000, dueDate: '2099-01-01', status: 'pending' }],
    });
    const theirs = await draft(pm, own, { ...body, installment: null });
    await step(pm, theirs.id, 'send');
    await step(onlyClient, theirs.id, 'approve', { signedName: 'Mrs Eze' });
    const stats = (await call(onlyClient, 'GET', '/api/projects/dashboard-stats')).json().stats;
    expect(stats).toMatchObject({
      originalProjectValue: 500_000,
      approvedVariations: 102_007.01,
      totalProjectValue: 602_007.01,
    });
    const report = (await call(onlyClient, 'GET', '/api/reports')).json().report.overview;
    expect(report).toMatchObject({
      originalProjectValue: 500_000,
      approvedVariations: 102_007.01,
      totalProjectValue: 602_007.01,
      outstandingBalance: 602_007.01,
    });
    const csv = (await call(onlyClient, 'GET', '/api/reports/export')).body.split('\r\n');
    expect(csv[0]).toContain('"Original Value","Approved Variations","Project Value"');
    expect(csv[1]).toContain('"500000","102007.01","602007.01"');
    const pmTold = (await call(pm, 'GET', '/api/notifications?limit=100')).json().notifications;
    expect(pmTold).toContainEqual(
      expect.objectContaining({ title: 'Change order approved', projectId: fresh.id }),
    );

    // A save of the financials keeps the variations owed: paid may reach the current value only.
    const saved = await call(accountant, 'PUT', `/api/projects/${fresh.id}/financials`, {
      totalProjectValue: 1_000_000,
    });
    expect(saved.json().financials.totalProjectValue).toBe(1_102_007.01);
  });

  it("refuses sending until the project's contract value is recorded, then sends", async () => {
    const fresh = await makeProject(server, { lead, client });
    const order = await draft(pm, fresh, { ...body, installment: null });
    const refused = await step(pm, order.id, 'send');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CHANGE_ORDER_MESSAGES.contractValueFirst);
    const still = (await call(pm, 'GET', `/api/change-orders/${order.id}`)).json().changeOrder;
    expect(still).toMatchObject({ status: 'draft', sentAt: null });
    expect(still.history.map((entry: { action: string }) => entry.action)).toEqual(['create']);
    expect((await call(client, 'GET', `/api/change-orders/${order.id}`)).statusCode).toBe(404);
    expect(
      (await call(accountant, 'GET', `/api/projects/${fresh.id}/financials`)).json().financials,
    ).toBeNull();
    // The list says so to those who may send, before they try; the client is not told.
    const listed = (who: typeof pm) =>
      call(who, 'GET', `/api/projects/${fresh.id}/change-orders`).then((response) => response.json());
    expect((await listed(pm)).contractValueRecorded).toBe(false);
    expect((await listed(lead)).contractValueRecorded).toBe(false);
    expect(await listed(client)).not.toHaveProperty('contractValueRecorded');

    await call(accountant, 'PUT', `/api/projects/${fresh.id}/financials`, {
      totalProjectValue: 400_000,
      initialPayment: 0,
      installments: [{ amount: 400_000, dueDate: '2099-01-01', status: 'pending' }],
    });
    expect((await listed(pm)).contractValueRecorded).toBe(true);
    expect((await step(pm, order.id, 'send')).statusCode).toBe(200);
    expect((await step(client, order.id, 'approve', { signedName: 'Chief Okafor' })).statusCode).toBe(200);
    expect(await financials(client, fresh)).toMatchObject({
      originalValue: 400_000,
      approvedVariations: 102_007.01,
      totalProjectValue: 502_007.01,
      installments: [{ amount: 400_000 }],
    });
    // What the client paid first is held against the value with its variations, as what they paid in all is.
    const initial = await call(accountant, 'PUT', `/api/projects/${fresh.id}/financials`, {
      initialPayment: 450_000,
    });
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json().financials).toMatchObject({ initialPayment: 450_000, originalValue: 400_000 });
    const above = await call(accountant, 'PUT', `/api/projects/${fresh.id}/financials`, {
      initialPayment: 502_007.02,
    });
    expect(above.statusCode).toBe(400);
  });

  it('starts the financials at ₦0 for a change order sent before a value was required, so the variation shows', async () => {
    const fresh = await valuedProject({ lead, client: otherClient });
    const order = await draft(pm, fresh);
    await step(pm, order.id, 'send');
    // As a project whose change order was sent without its value recorded.
    await server.ctx.db.execute(sql`delete from project_installments where project_id = ${fresh.id}`);
    await server.ctx.db.execute(sql`delete from project_financials where project_id = ${fresh.id}`);
    await step(otherClient, order.id, 'approve', { signedName: 'Otunba Bello' });
    expect(await financials(otherClient, fresh)).toMatchObject({
      originalValue: 0,
      approvedVariations: 102_007.01,
      totalProjectValue: 102_007.01,
      installments: [{ amount: 50_000, status: 'pending' }],
    });
  });

  it("refuses an approval that would take the project's value past the largest amount; nothing is added", async () => {
    const fresh = await valuedProject({ lead, client }, 0.01);
    const line = (unitPrice: number) => ({
      ...body,
      installment: null,
      items: [{ description: 'Works', quantity: 1, unit: 'lot', unitPrice }],
    });
    const largest = await draft(pm, fresh, line(9_999_999_999_999.98));
    await step(pm, largest.id, 'send');
    expect((await step(client, largest.id, 'approve', { signedName: 'Chief Okafor' })).statusCode).toBe(200);
    const more = await draft(pm, fresh, line(0.01));
    await step(pm, more.id, 'send');
    const refused = await step(client, more.id, 'approve', { signedName: 'Chief Okafor' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain("would take the project's value to ₦10,000,000,000,000");
    expect((await financials(accountant, fresh)).totalProjectValue).toBe(9_999_999_999_999.99);
    const still = (await call(pm, 'GET', `/api/change-orders/${more.id}`)).json().changeOrder;
    expect(still.status).toBe('sent_to_client');
  });

  it('declines with a reason, which is required; nothing is added', async () => {
    const order = await draft();
    await step(pm, order.id, 'send');
    expect((await step(client, order.id, 'decline', {})).statusCode).toBe(400);
    const declined = await step(client, order.id, 'decline', { reason: 'Too expensive for now' });
    expect(declined.json().changeOrder).toMatchObject({
      status: 'declined',
      declineReason: 'Too expensive for now',
    });
    expect((await step(client, order.id, 'approve', { signedName: 'Late' })).statusCode).toBe(409);
    expect((await step(pm, order.id, 'withdraw')).statusCode).toBe(409);
  });

  it('answers one of two concurrent answers and refuses the other with 409', async () => {
    const order = await draft();
    await step(pm, order.id, 'send');
    const answers = await Promise.all([
      step(client, order.id, 'approve', { signedName: 'First Hand' }),
      step(client, order.id, 'decline', { reason: 'Second hand' }),
      step(pm, order.id, 'withdraw'),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const history = (await call(pm, 'GET', `/api/change-orders/${order.id}`)).json().changeOrder.history;
    expect(
      history.filter((entry: { fromStatus: string }) => entry.fromStatus === 'sent_to_client'),
    ).toHaveLength(1);
  });

  it('lets staff withdraw before the answer, telling the client', async () => {
    const order = await draft();
    await step(pm, order.id, 'send');
    expect((await step(accountant, order.id, 'withdraw')).statusCode).toBe(403);
    expect((await step(client, order.id, 'withdraw')).statusCode).toBe(403);
    const withdrawn = await step(qs, order.id, 'withdraw', { remarks: 'Priced wrongly' });
    expect(withdrawn.json().changeOrder.status).toBe('withdrawn');
    // Sent before it was withdrawn: the client still sees it, withdrawn.
    expect((await call(client, 'GET', `/api/change-orders/${order.id}`)).json().changeOrder.status).toBe(
      'withdrawn',
    );
    expect((await step(client, order.id, 'approve', { signedName: 'Too late' })).statusCode).toBe(409);
  });
});
