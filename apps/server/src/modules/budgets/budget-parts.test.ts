import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { budgetWorld, pdf, type BudgetKit } from '../../../test/budgets.ts';
import { makeProject, type TestServer, type TestUser } from '../../../test/harness.ts';

// A budget's lines, documents and history are kept in its row by triggers (migration 0024): whatever
// changes them, the kept arrays are those the tables give, and the answers show them.
let server: TestServer, kit: BudgetKit;
let admin: TestUser, lead: TestUser, qs: TestUser, client: TestUser;
let projectId: string;

beforeAll(async () => {
  ({ server, kit, admin, lead, qs, client, projectId } = await budgetWorld());
});
afterAll(() => server.stop());

/** Budgets whose kept arrays differ from what their tables give now. */
async function staleBudgets() {
  const { rows } = (await server.ctx.db.execute(sql`select id from budgets
    where lines_json::text is distinct from budget_lines_json(id)::text
      or documents_json::text is distinct from budget_documents_json(id)::text
      or history_json::text is distinct from budget_history_json(id)::text`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  return rows.map((row) => row.id);
}

const read = async (id: string, who: TestUser = admin) => {
  const response = await kit.call('GET', `/api/budgets/${id}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().budget as BudgetDto;
};

const projectPage = async () => {
  const response = await kit.call('GET', `/api/budgets/project/${projectId}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().budgets as BudgetDto[];
};

describe("a budget's kept parts", () => {
  it('follow its lines, documents and history through the chain, an edit and a removed document', async () => {
    const budget = await kit.create(lead, projectId, { status: 'draft' });
    expect(budget.items.map((item) => item.description)).toEqual(kit.lines.map((line) => line.description));

    const attached = await kit.form('POST', `/api/budgets/${budget.id}/attachments`, lead, {}, [
      pdf('boq.pdf'),
      pdf('drawings.pdf'),
    ]);
    expect(attached.statusCode, attached.body).toBe(201);
    let seen = await read(budget.id);
    expect(seen.attachments.map((document) => document.originalName)).toEqual(['boq.pdf', 'drawings.pdf']);

    const edited = await kit.call('PUT', `/api/budgets/${budget.id}`, lead, {
      items: [{ description: 'Sharp sand (tonnes)', quantity: 30, unitPrice: 18_000 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await kit.call(
      'DELETE',
      `/api/budgets/${budget.id}/attachments/${seen.attachments[0]!.id}`,
      lead,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await kit.step(budget.id, 'resubmit', lead)).statusCode).toBe(200);
    expect((await kit.step(budget.id, 'qs-approve-to-accountant', qs)).statusCode).toBe(200);

    seen = await read(budget.id);
    expect(seen.items.map((item) => [item.description, item.total])).toEqual([
      ['Sharp sand (tonnes)', 540_000],
    ]);
    expect(seen.attachments.map((document) => document.originalName)).toEqual(['drawings.pdf']);
    const steps = seen.history.map((entry) => [entry.action, entry.actor?.name]);
    expect(steps.map(([action]) => action)).toEqual([
      'create',
      'add-documents',
      'edit',
      'remove-document',
      'resubmit',
      'qs-approve-to-accountant',
    ]);
    expect(steps.slice(0, -1).every(([, name]) => name === lead.name)).toBe(true);
    expect(steps.at(-1)).toEqual(['qs-approve-to-accountant', qs.name]);
    // The page of the project's budgets shows the same parts.
    const [listed] = await projectPage();
    expect(listed).toEqual(seen);
    expect(await staleBudgets()).toEqual([]);
  });

  it("show an actor's new name and role, and no actor once the person is removed", async () => {
    const author = await server.user('project_lead', { name: 'Kelechi Obi' });
    const project = await makeProject(server, { lead: author, client });
    const budget = await kit.create(author, project.id);
    const renamed = await kit.call('PUT', `/api/users/${author.id}`, admin, { name: 'Kelechi Obi-Eze' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(budget.id)).history.map((entry) => entry.actor?.name)).toEqual(['Kelechi Obi-Eze']);
    expect(await staleBudgets()).toEqual([]);

    // A person with budgets is never deleted (the author restricts it), but their history entries
    // lose their actor when it is set to null, as removing a person who acted does.
    await server.ctx.db.execute(
      sql`update status_history set actor_id = null where workflow = 'budget' and entity_id = ${budget.id}`,
    );
    expect((await read(budget.id)).history.map((entry) => entry.actor)).toEqual([null]);
    expect(await staleBudgets()).toEqual([]);
  });

  it('go with the budget when it is deleted, leaving the others as they were', async () => {
    const kept = await kit.create(lead, projectId);
    const gone = await kit.create(lead, projectId, { status: 'draft' });
    expect((await kit.call('DELETE', `/api/budgets/${gone.id}`, admin)).statusCode).toBe(200);
    expect((await projectPage()).map((budget) => budget.id)).toContain(kept.id);
    expect((await projectPage()).map((budget) => budget.id)).not.toContain(gone.id);
    expect(await staleBudgets()).toEqual([]);
  });

  it('keep their history in order when entries are added at once, after the last or before it', async () => {
    const budget = await kit.create(lead, projectId, { status: 'draft' });
    const entry = (action: string, at: string) =>
      sql`(${'budget'}, ${budget.id}::uuid, ${action}, 'draft', 'draft', ${qs.id}::uuid, ${at}::timestamptz)`;
    const insert = (...entries: ReturnType<typeof entry>[]) =>
      server.ctx.db.execute(sql`insert into status_history
        (workflow, entity_id, action, from_status, to_status, actor_id, created_at)
        values ${sql.join(entries, sql`, `)}`);
    const actions = async () => (await read(budget.id)).history.map((item) => item.action);

    // Two entries after the last, in one statement: appended in their order.
    await insert(entry('note-b', '2100-01-02T00:00:00Z'), entry('note-a', '2100-01-01T00:00:00Z'));
    expect(await actions()).toEqual(['create', 'note-a', 'note-b']);
    expect(await staleBudgets()).toEqual([]);
    // One before the last (and one tying with it): the history is rebuilt in order.
    await insert(entry('note-early', '2000-01-01T00:00:00Z'));
    await insert(entry('note-tie', '2100-01-02T00:00:00Z'));
    const history = await actions();
    expect(history[0]).toBe('note-early');
    expect(history.slice(1, 3)).toEqual(['create', 'note-a']);
    expect(history.slice(3).sort()).toEqual(['note-b', 'note-tie']);
    expect(await staleBudgets()).toEqual([]);
  });
});
