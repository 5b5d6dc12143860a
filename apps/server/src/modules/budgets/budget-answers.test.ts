import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { budgetListAnswer, type BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import { serializeAnswer, serializeWithItems } from '../../http/responses.ts';
import { serializerOf } from '../../http/serializer.ts';
import { budgetWorld, pdf, type BudgetKit } from '../../../test/budgets.ts';
import { makeProject, type TestServer, type TestUser } from '../../../test/harness.ts';
import { answerStamp } from './budget-answers.ts';

// Each budget's answer is kept as JSON text (the budget_answers table) and answered as it is while the
// budget, its project and its author are at the versions it was built from, and so is each page of a
// project's budgets (budget_pages) while every budget on it is: whatever changes what an answer shows,
// the next page shows the change; what may not be seen stays unseen.
let server: TestServer, kit: BudgetKit;
let admin: TestUser, lead: TestUser, qs: TestUser, client: TestUser;
let projectId: string;

beforeAll(async () => {
  ({ server, kit, admin, lead, qs, client, projectId } = await budgetWorld());
});
afterAll(() => server.stop());
// Whole pages are kept too, until a budget changes: these tests ask for the budgets' own answers.
beforeEach(() => server.ctx.budgetPages.clear());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await server.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

const keptAnswers = (ids: string[]) =>
  rows<{ budget_id: string; stamp: string; body: string }>(
    sql`select budget_id, stamp, body from budget_answers where budget_id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );

async function projectPage(who: TestUser = admin, project = projectId) {
  server.ctx.budgetPages.clear();
  const response = await kit.call('GET', `/api/budgets/project/${project}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().budgets as BudgetDto[];
}

/** Puts a mark in a budget's kept answer and the kept pages, so a page that answers kept text shows it. */
async function mark(id: string, remarks: string) {
  const [from, to] = [JSON.stringify(remarks), '"kept, not rebuilt"'];
  await server.ctx.db.execute(
    sql`update budget_answers set body = replace(body, ${from}, ${to}) where budget_id = ${id}`,
  );
  await server.ctx.db.execute(sql`update budget_pages set body = replace(body, ${from}, ${to})`);
}

const keptPages = (project: string) =>
  rows<{ scope: string; body: string }>(
    sql`select scope, body from budget_pages where project_id = ${project} order by scope`,
  );

describe("a budget's kept answer", () => {
  it('is built by the first page that shows the budget, then answered as kept, and is the answer itself', async () => {
    const budget = await kit.create(lead, projectId, { remarks: 'Roofing sheets' });
    expect(await keptAnswers([budget.id])).toEqual([]);
    const [first] = await projectPage();
    const single = (await kit.call('GET', `/api/budgets/${budget.id}`, admin)).json().budget;
    expect(first).toEqual(single);
    const [kept] = await keptAnswers([budget.id]);
    expect(JSON.parse(kept!.body)).toEqual(single);

    await mark(budget.id, 'Roofing sheets');
    const [second] = await projectPage();
    expect(second!.remarks).toBe('kept, not rebuilt');
    // The list of every budget answers the same kept text.
    const all = (await kit.call('GET', '/api/budgets?limit=100', admin)).json().budgets as BudgetDto[];
    expect(all.find((listed) => listed.id === budget.id)!.remarks).toBe('kept, not rebuilt');
  });

  it('is built again after the budget, its lines, its history, its project or its author change', async () => {
    const author = await server.user('project_lead', { name: 'Ifeoma Nwosu' });
    const project = await makeProject(server, { lead: author, client });
    const budget = await kit.create(author, project.id, { status: 'draft', remarks: 'Blockwork' });
    await projectPage(admin, project.id);

    const changes: Array<[string, () => Promise<unknown>, (seen: BudgetDto) => unknown, unknown]> = [
      [
        'its remarks and lines',
        () =>
          kit.call('PUT', `/api/budgets/${budget.id}`, author, {
            remarks: 'Blockwork, revised',
            items: [{ description: 'Sandcrete blocks 9"', quantity: 1000, unitPrice: 650 }],
          }),
        (seen) => [seen.remarks, seen.items.map((item) => item.description), seen.totalAmount],
        ['Blockwork, revised', ['Sandcrete blocks 9"'], 650_000],
      ],
      [
        'its status',
        () => kit.step(budget.id, 'resubmit', author),
        (seen) => [seen.status, seen.history.at(-1)?.action],
        ['pending_qs', 'resubmit'],
      ],
      [
        'its history',
        () => kit.step(budget.id, 'qs-approve-to-accountant', qs),
        (seen) => [seen.status, seen.history.at(-1)?.actor?.name],
        ['pending_accountant', qs.name],
      ],
      [
        "a history entry's actor",
        () => kit.call('PUT', `/api/users/${qs.id}`, admin, { name: 'Tunde Bakare-Cole' }),
        (seen) => seen.history.at(-1)?.actor?.name,
        'Tunde Bakare-Cole',
      ],
      [
        'its project',
        () => kit.call('PUT', `/api/projects/${project.id}`, admin, { title: 'Lekki duplex, phase 2' }),
        (seen) => seen.project.title,
        'Lekki duplex, phase 2',
      ],
      [
        'its author',
        () => kit.call('PUT', `/api/users/${author.id}`, admin, { name: 'Ifeoma Nwosu-Ade' }),
        (seen) => [seen.author.name, seen.user.name],
        ['Ifeoma Nwosu-Ade', 'Ifeoma Nwosu-Ade'],
      ],
    ];
    for (const [what, change, shown, expected] of changes) {
      const [before] = await projectPage(admin, project.id);
      await mark(budget.id, before!.remarks);
      const changed = (await change()) as { statusCode?: number; body?: string } | undefined;
      if (changed?.statusCode) expect(changed.statusCode, `${what}: ${changed.body}`).toBeLessThan(300);
      const [after] = await projectPage(admin, project.id);
      expect(shown(after!), what).toEqual(expected);
      expect(after!.remarks, what).not.toBe('kept, not rebuilt');
      const single = (await kit.call('GET', `/api/budgets/${budget.id}`, admin)).json().budget;
      expect(after, what).toEqual(single);
    }
  });

  it("carries file links only for the quarter hour they are signed for, and the answers' format", async () => {
    const plain = await kit.create(lead, projectId, { remarks: 'Plain' });
    const withFiles = await kit.create(lead, projectId, { status: 'draft', remarks: 'With drawings' });
    const attached = await kit.form('POST', `/api/budgets/${withFiles.id}/attachments`, lead, {}, [pdf()]);
    expect(attached.statusCode, attached.body).toBe(201);
    await projectPage();
    const adminActor = { id: admin.id, role: admin.role } as Parameters<typeof server.ctx.budgets.page>[0];
    const kept = async (stamp: { format: string; links: string }) => {
      const page = await server.ctx.budgets.projectPage(
        adminActor,
        { projectId },
        { offset: 0, limit: 100 },
        stamp,
      );
      const entries = await server.ctx.budgets.keptAnswersOf(page.ids, stamp);
      return {
        page: page.body !== null,
        ...Object.fromEntries(
          entries
            .filter((entry) => entry.id === plain.id || entry.id === withFiles.id)
            .map((entry) => [entry.id === plain.id ? 'plain' : 'withFiles', entry.body !== null]),
        ),
      };
    };
    const now = answerStamp(server.ctx.config.appSecret!);
    const whole = await kit.call('GET', `/api/budgets/project/${projectId}?limit=100`, admin);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await kept(now)).toEqual({ page: true, plain: true, withFiles: true });
    const later = answerStamp(server.ctx.config.appSecret!, Date.now() + 15 * 60_000);
    expect(later.links).not.toBe(now.links);
    expect(await kept(later)).toEqual({ page: false, plain: true, withFiles: false });
    expect(answerStamp('another secret').format).not.toBe(now.format);
    expect(await kept({ ...now, format: answerStamp('another secret').format })).toEqual({
      page: false,
      plain: false,
      withFiles: false,
    });
  });

  it('is not kept when the budget changed after it was read', async () => {
    const budget = await kit.create(lead, projectId, { status: 'draft', remarks: 'Formwork' });
    const read = (await server.ctx.budgets.findWithParts(budget.id))!;
    const edited = await kit.call('PUT', `/api/budgets/${budget.id}`, lead, { remarks: 'Formwork, more' });
    expect(edited.statusCode, edited.body).toBe(200);
    const stamp = answerStamp(server.ctx.config.appSecret!);
    await server.ctx.budgets.storeAnswers({
      stamp,
      answers: [{ id: budget.id, answerVersions: read.answerVersions, body: '{"stale":true}' }],
    });
    expect(await keptAnswers([budget.id])).toEqual([]);
    const fresh = (await server.ctx.budgets.findWithParts(budget.id))!;
    await server.ctx.budgets.storeAnswers({
      stamp,
      answers: [{ id: budget.id, answerVersions: fresh.answerVersions, body: '{"fresh":true}' }],
    });
    expect((await keptAnswers([budget.id])).map((kept) => kept.body)).toEqual(['{"fresh":true}']);
    // Not an answer: the budget goes, so no page shows it.
    expect((await kit.call('DELETE', `/api/budgets/${budget.id}`, admin)).statusCode).toBe(200);
  });

  it('shows no reader a budget their page would not: drafts stay their authors', async () => {
    const draft = await kit.create(lead, projectId, { status: 'draft', remarks: 'Draft only' });
    expect((await projectPage(admin)).map((budget) => budget.id)).toContain(draft.id);
    expect(await keptAnswers([draft.id])).toHaveLength(1);
    expect((await projectPage(qs)).map((budget) => budget.id)).not.toContain(draft.id);
    const other = await server.user('project_lead');
    server.ctx.budgetPages.clear();
    const elsewhere = await kit.call('GET', `/api/budgets/project/${projectId}`, other);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('Draft only');
  });

  it("keeps a project's page as one text until a budget is added to it, changed or removed", async () => {
    const project = await makeProject(server, { lead, client });
    const first = await kit.create(lead, project.id, { remarks: 'Excavation' });
    const second = await kit.create(lead, project.id, { remarks: 'Blinding' });
    const ids = async () => (await projectPage(admin, project.id)).map((budget) => budget.id);
    expect(await ids()).toEqual([second.id, first.id]);
    const [page] = await keptPages(project.id);
    expect(JSON.parse(`[${page!.body}]`).map((budget: BudgetDto) => budget.id)).toEqual([
      second.id,
      first.id,
    ]);
    await mark(first.id, 'Excavation');
    expect((await projectPage(admin, project.id)).map((budget) => budget.remarks)).toEqual([
      'Blinding',
      'kept, not rebuilt',
    ]);

    const third = await kit.create(lead, project.id, { remarks: 'Footings' });
    expect(await ids()).toEqual([third.id, second.id, first.id]);
    await mark(second.id, 'Blinding');
    expect((await projectPage(admin, project.id)).map((budget) => budget.remarks)).toEqual([
      'Footings',
      'kept, not rebuilt',
      'kept, not rebuilt',
    ]);
    expect((await kit.call('DELETE', `/api/budgets/${second.id}`, admin)).statusCode).toBe(200);
    expect(await ids()).toEqual([third.id, first.id]);
    const [kept] = await keptPages(project.id);
    expect(JSON.parse(`[${kept!.body}]`).map((budget: BudgetDto) => budget.id)).toEqual([third.id, first.id]);
  });

  it("keeps each reader's page apart: a page another reader may see more of is never answered", async () => {
    const project = await makeProject(server, { lead, client });
    const shared = await kit.create(lead, project.id, { remarks: 'Shared' });
    const draft = await kit.create(lead, project.id, { status: 'draft', remarks: 'Lead only draft' });
    expect((await projectPage(admin, project.id)).map((budget) => budget.id)).toEqual([draft.id, shared.id]);
    expect((await projectPage(qs, project.id)).map((budget) => budget.id)).toEqual([shared.id]);
    expect((await projectPage(lead, project.id)).map((budget) => budget.id)).toEqual([draft.id, shared.id]);
    expect((await projectPage(qs, project.id)).map((budget) => budget.id)).toEqual([shared.id]);
    expect((await keptPages(project.id)).map((page) => page.scope)).toEqual(['all', 'drafts', 'drafts_led']);
  });

  it('keeps one page per project and scope, whatever filters and page sizes a reader asks for', async () => {
    const project = await makeProject(server, { lead, client });
    const budget = await kit.create(lead, project.id, { remarks: 'Roof trusses' });
    const draft = await kit.create(lead, project.id, { status: 'draft', remarks: 'Lead draft' });
    const shown = async (query: string) => {
      server.ctx.budgetPages.clear();
      const response = await kit.call('GET', `/api/budgets/project/${project.id}${query}`, admin);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().budgets as BudgetDto[]).map((seen) => [seen.id, seen.remarks]);
    };
    for (const query of [
      '',
      '?limit=5',
      '?limit=7&page=1',
      '?status=draft',
      `?status=draft,${budget.status}`,
    ]) {
      await shown(query);
    }
    expect((await keptPages(project.id)).map((page) => page.scope)).toEqual(['all']);

    // The text kept is answered to another filter or size that finds the same budgets, and to no other.
    expect(await shown(`?status=${budget.status}`)).toEqual([[budget.id, 'Roof trusses']]);
    await mark(budget.id, 'Roof trusses');
    expect(await shown(`?status=${budget.status}&limit=3`)).toEqual([[budget.id, 'kept, not rebuilt']]);
    expect(await shown('?status=draft')).toEqual([[draft.id, 'Lead draft']]);
  });

  it('leaves with its budget', async () => {
    const budget = await kit.create(lead, projectId, { status: 'draft' });
    await projectPage();
    expect(await keptAnswers([budget.id])).toHaveLength(1);
    expect((await kit.call('DELETE', `/api/budgets/${budget.id}`, admin)).statusCode).toBe(200);
    expect(await keptAnswers([budget.id])).toEqual([]);
  });
});

describe('an answer written around items serialized already', () => {
  it('is the text the whole answer is written as', async () => {
    await kit.create(lead, projectId, { remarks: 'Quote "A" \\ brackets ]]' });
    const budgets = (await kit.call('GET', `/api/budgets/project/${projectId}?limit=50`, admin)).json()
      .budgets as BudgetDto[];
    const pagination = paginate(1, 50, budgets.length);
    const items = budgets.map((budget) => serializerOf(budgetListAnswer.shape.budgets.element)(budget));
    expect(serializeWithItems(budgetListAnswer, 'budgets', items, { pagination })).toBe(
      serializeAnswer(budgetListAnswer, { success: true, budgets, pagination }),
    );
    expect(serializeWithItems(budgetListAnswer, 'budgets', [], { pagination })).toBe(
      serializeAnswer(budgetListAnswer, { success: true, budgets: [], pagination }),
    );
  });
});
