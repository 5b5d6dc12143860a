import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/raw.ts';
import { makeProject, startTestServer, type TestServer, type TestUser } from './harness.ts';

// Two API processes on one PostgreSQL database, each writing the steps it decides together: every
// budget still takes its step once, whichever process's statement gets there first.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('budget steps taken at once through two processes', () => {
  let first: TestServer;
  let second: TestServer;
  let admin: TestUser;
  let accountant: TestUser;
  let projectId: string;
  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({}, first.pgSchema);
    [admin, accountant] = await Promise.all([first.user('admin'), first.user('accountant')]);
    const project = await makeProject(first, {
      lead: await first.user('project_lead'),
      client: await first.user('client'),
    });
    projectId = project.id;
  });
  afterAll(async () => {
    await second.stop();
    await first.stop();
  });

  it('make one transition per budget, with one history row and one notice each', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) {
      const created = await first.app.inject({
        method: 'POST',
        url: '/api/budgets',
        headers: accountant.auth,
        payload: { projectId, items: [{ description: `Blocks ${index}`, quantity: 10, unitPrice: 450 }] },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().budget.status).toBe('pending_admin');
      ids.push(created.json().budget.id);
    }
    const approve = (server: TestServer, id: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/budgets/${id}/approve`,
        headers: admin.auth,
        payload: {},
      });
    const answers = await Promise.all(ids.flatMap((id) => [approve(first, id), approve(second, id)]));
    for (const [index, id] of ids.entries()) {
      const pair = [answers[2 * index]!, answers[2 * index + 1]!].map((answer) => answer.statusCode).sort();
      expect(pair, id).toEqual([200, 409]);
    }
    const list = `{${ids.join(',')}}`;
    const history = await queryRows<{ id: string; steps: number }>(
      first.ctx.db,
      sql`select entity_id as id, count(*)::int as steps from status_history
        where workflow = 'budget' and action = 'approve' and entity_id = any(${list}::uuid[]) group by entity_id`,
    );
    expect(history).toHaveLength(ids.length);
    expect(history.every((row) => row.steps === 1)).toBe(true);
    const [told] = await queryRows<{ notices: number }>(
      first.ctx.db,
      sql`select count(*)::int as notices from notification_recipients r
        join notifications n on n.id = r.notification_id
        where r.user_id = ${accountant.id} and n.title = 'Budget Approved'`,
    );
    expect(told!.notices).toBe(ids.length);
  });
});
