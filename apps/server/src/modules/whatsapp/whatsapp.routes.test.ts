import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLES } from '@trowel/shared/auth/roles.ts';
import { WHATSAPP_TEMPLATES } from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import { queryRows } from '../../db/raw.ts';
import { budgetKit } from '../../../test/budgets.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../../test/harness.ts';
import { startTestGraphApi, type TestGraphApi } from '../../../test/whatsapp-graph.ts';
import { APP_SECRET, PHONE_NUMBER_ID, whatsappCalls } from '../../../test/whatsapp.ts';

let graph: TestGraphApi;
let server: TestServer;
let admin: TestUser;
let kit: ReturnType<typeof whatsappCalls>;

beforeAll(async () => {
  graph = await startTestGraphApi();
  server = await startTestServer({ WHATSAPP_API_URL: graph.url, PUBLIC_URL: 'https://trowel.example.ng' });
  admin = await server.user('admin', { name: 'Ada Admin' });
  kit = whatsappCalls(server);
});
afterAll(async () => {
  await server.stop();
  await graph.close();
});
beforeEach(() => {
  graph.messages.length = 0;
});

const URL_SETTINGS = '/api/admin/settings/whatsapp';

describe('WhatsApp integration settings', () => {
  it('are the administrator’s alone: visitors 401, every other role 403', async () => {
    for (const role of ROLES.filter((role) => role !== 'admin')) {
      const other = await server.user(role);
      for (const method of ['GET', 'PUT'] as const)
        expect((await kit.call(method, URL_SETTINGS, other, {})).statusCode, `${method} as ${role}`).toBe(
          403,
        );
    }
    expect((await kit.call('GET', URL_SETTINGS, null)).statusCode).toBe(401);
  });

  it('keep the token and secrets sealed: masked in answers, never in clear in the database', async () => {
    const saved = await kit.configure(admin, graph);
    expect(saved.statusCode).toBe(200);
    const settings = saved.json().settings;
    expect(settings).toMatchObject({
      whatsapp_phone_number_id: PHONE_NUMBER_ID,
      whatsapp_access_token: `********${graph.token.slice(-4)}`,
      whatsapp_access_token_set: true,
      whatsapp_app_secret_set: true,
      webhookUrl: 'https://trowel.example.ng/api/webhooks/whatsapp',
    });
    for (const url of [URL_SETTINGS, '/api/admin/settings']) {
      const body = (await kit.call('GET', url, admin)).body;
      expect(body).not.toContain(graph.token);
      expect(body).not.toContain(APP_SECRET);
    }
    const rows = await server.ctx.db.execute(
      sql`select value from system_settings where key like 'whatsapp_%'`,
    );
    expect(JSON.stringify(rows)).not.toContain(graph.token);
    // The mask sent back keeps the token.
    await kit.call('PUT', URL_SETTINGS, admin, { whatsapp_access_token: settings.whatsapp_access_token });
    expect((await server.ctx.settings.whatsapp()).accessToken).toBe(graph.token);
  });

  it('refuse an id that is not digits (400, nothing saved)', async () => {
    const response = await kit.call('PUT', URL_SETTINGS, admin, { whatsapp_phone_number_id: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/whatsapp_phone_number_id/);
  });
});

describe('a person’s WhatsApp number', () => {
  it('is verified by a code sent to it as a template message; a wrong code counts, the right one verifies', async () => {
    const lead = await server.user('project_lead');
    const code = await kit.receiveCode(graph, lead, '0803 555 0101');
    const [sent] = graph.messages;
    expect(sent).toMatchObject({
      to: '2348035550101',
      phoneNumberId: PHONE_NUMBER_ID,
      template: WHATSAPP_TEMPLATES.verification_code.name,
      language: 'en',
    });
    expect(code).toMatch(/^\d{6}$/);
    const before = (await kit.call('GET', '/api/notifications/whatsapp', lead)).json().whatsapp;
    expect(before).toMatchObject({
      verified: false,
      pendingPhone: '+234 803 555 0101',
      projectUpdates: false,
    });

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await kit.call('POST', '/api/notifications/whatsapp/verify', lead, { code: wrong });
    expect(refused.statusCode).toBe(400);
    const verified = await kit.call('POST', '/api/notifications/whatsapp/verify', lead, { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().whatsapp).toMatchObject({
      verified: true,
      phone: '+234 803 555 0101',
      projectUpdates: true,
      systemAlerts: false,
    });
  });

  it('stops taking codes after five wrong ones, and an expired code is refused', async () => {
    const engineer = await server.user('team_member');
    const code = await kit.receiveCode(graph, engineer, '+44 7700 900123');
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push(
        (await kit.call('POST', '/api/notifications/whatsapp/verify', engineer, { code: wrong })).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 409]);
    const late = await kit.call('POST', '/api/notifications/whatsapp/verify', engineer, { code });
    expect(late.statusCode).toBe(409);

    const fresh = await kit.receiveCode(graph, engineer, '+44 7700 900123');
    await server.ctx.db.execute(
      sql`update whatsapp_contacts set code_expires_at = now() - interval '1 second' where user_id = ${engineer.id}`,
    );
    const expired = await kit.call('POST', '/api/notifications/whatsapp/verify', engineer, { code: fresh });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('WHATSAPP_CODE_EXPIRED');
  });

  it('refuses a number without a country code, and categories before a number is verified', async () => {
    const qs = await server.user('quantity_surveyor');
    const bad = await kit.call('POST', '/api/notifications/whatsapp/code', qs, { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    const early = await kit.call('PUT', '/api/notifications/whatsapp', qs, { projectUpdates: true });
    expect(early.statusCode).toBe(409);
  });
});

describe('notifications on WhatsApp', () => {
  const budgetNotice = (userId: string) =>
    server.ctx.notices.create({
      type: 'budget',
      title: 'Budget Awaiting Review',
      message: 'A budget for "Lekki Pearl" (₦2,500,000.00) awaits your review.',
      link: '/projects/5b0c/budget',
      recipientUsers: [userId],
    });

  it('go to verified numbers with the event’s template and parameters, once per person and event', async () => {
    const accountant = await server.user('accountant');
    await kit.optIn(graph, accountant, '08035550202');
    graph.messages.length = 0;
    const id = await budgetNotice(accountant.id);
    await server.worker!.drain();
    expect(graph.messages).toEqual([
      expect.objectContaining({
        to: '2348035550202',
        template: WHATSAPP_TEMPLATES.budget_awaiting_approval.name,
        parameters: [
          'A budget for "Lekki Pearl" (₦2,500,000.00) awaits your review.',
          'https://trowel.example.ng/projects/5b0c/budget',
        ],
      }),
    ]);
    // The same notice's job run again sends nothing more.
    await server.ctx.db.execute(
      sql`update jobs set status = 'queued', run_after = now() where payload->>'notificationId' = ${id}`,
    );
    await server.worker!.drain();
    expect(graph.messages).toHaveLength(1);
  });

  it('do not go to an unverified number, a category turned off, or a notice that is no WhatsApp event', async () => {
    const pending = await server.user('accountant');
    await kit.receiveCode(graph, pending, '08035550303');
    const off = await server.user('accountant');
    await kit.optIn(graph, off, '08035550404');
    expect(
      (await kit.call('PUT', '/api/notifications/whatsapp', off, { projectUpdates: false })).statusCode,
    ).toBe(200);
    const on = await server.user('accountant');
    await kit.optIn(graph, on, '08035550505');
    graph.messages.length = 0;

    await budgetNotice(pending.id);
    await budgetNotice(off.id);
    await server.ctx.notices.create({
      type: 'project',
      title: 'New Project',
      message: 'x',
      recipientUsers: [on.id],
    });
    await server.worker!.drain();
    expect(graph.messages).toHaveLength(0);

    // Turned off after the notice was written: checked again when it leaves.
    // Queued with the notice, then the number is removed before any worker can see the job.
    await server.ctx.db.transaction(async (tx) => {
      const repos = server.ctx.withDb(tx);
      await repos.notices.create({
        type: 'budget',
        title: 'Budget Awaiting Review',
        message: 'x',
        recipientUsers: [on.id],
      });
      await repos.whatsapp.remove(on.id);
    });
    await server.worker!.drain();
    expect(graph.messages).toHaveLength(0);
    const [job] = await queryRows<{ result: { skipped?: string } }>(
      server.ctx.db,
      sql`select result from jobs where type = 'whatsapp-notification' and payload->>'userId' = ${on.id}`,
    );
    expect(job?.result.skipped).toBe('No verified WhatsApp number');
  });

  it('go out from a workflow step too: a budget pushed to the administrator reaches their WhatsApp', async () => {
    const lead = await server.user('project_lead');
    const accountant = await server.user('accountant');
    const boss = await server.user('admin');
    await kit.optIn(graph, boss, '08035550707');
    graph.messages.length = 0;
    const budgets = budgetKit(server);
    const project = await makeProject(
      server,
      { lead, client: await server.user('client') },
      { title: 'Ikoyi Court' },
    );
    const budget = await budgets.create(lead, project.id);
    await budgets.force(budget.id, 'pending_accountant');
    expect((await budgets.step(budget.id, 'push-to-admin', accountant)).statusCode).toBe(200);
    await server.worker!.drain();
    const toBoss = graph.messages.filter((message) => message.to === '2348035550707');
    expect(toBoss).toEqual([
      expect.objectContaining({ template: WHATSAPP_TEMPLATES.budget_awaiting_approval.name }),
    ]);
    expect(toBoss[0]!.parameters[0]).toContain('"Ikoyi Court"');
  });

  it('are retried with backoff after 429 and 5xx, and not after other refusals', async () => {
    const pm = await server.user('project_manager');
    await kit.optIn(graph, pm, '08035550606');
    graph.messages.length = 0;
    const answeredBefore = graph.answered.length;
    graph.failNext(429, 503);
    await budgetNotice(pm.id);
    await server.worker!.drain();
    expect(graph.messages).toHaveLength(0);
    const [waiting] = await queryRows<{ attempts: number; delay: number }>(
      server.ctx.db,
      sql`select attempts, extract(epoch from run_after - now())::int as delay from jobs
          where type = 'whatsapp-notification' and payload->>'userId' = ${pm.id}`,
    );
    expect(waiting!.attempts).toBe(1);
    expect(waiting!.delay).toBeGreaterThan(5);
    await kit.retryNow();
    await kit.retryNow();
    expect(graph.answered.slice(answeredBefore)).toEqual([429, 503, 200]);
    expect(graph.messages).toHaveLength(1);

    // A refused token is not retried: the message is kept as failed.
    await kit.call('PUT', URL_SETTINGS, admin, { whatsapp_access_token: 'EAAG-revoked-token' });
    await budgetNotice(pm.id);
    await server.worker!.drain();
    await kit.retryNow();
    const failed = await server.ctx.db.execute(
      sql`select status, error from whatsapp_messages where user_id = ${pm.id} and status = 'failed'`,
    );
    expect(JSON.stringify(failed)).toContain('401');
    await kit.configure(admin, graph);
  });
});
