import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetKit } from '../../test/budgets.ts';
import { makeProject, startTestServer, type TestServer } from '../../test/harness.ts';
import { preparedStatements, type Bind } from './prepared.ts';
import { budgetItems, budgets, projects, users } from './schema.ts';

// A prepared select reads its rows with decoders found once (`withCompiledMapper`): what it answers
// must be what the query builder answers for the same statement run unprepared.
let server: TestServer;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.user('admin');
  const [lead, client] = await Promise.all([server.user('project_lead'), server.user('client')]);
  projectId = (await makeProject(server, { lead, client })).id;
  const kit = budgetKit(server);
  await kit.create(admin, projectId);
  await kit.create(admin, projectId);
});
afterAll(() => server.stop());

describe('prepared statements', () => {
  it('read flat rows as the query builder does: dates, numbers, JSON, nulls and mapped expressions', async () => {
    const db = server.ctx.db;
    const { linesJson, ...budgetColumns } = getTableColumns(budgets);
    const query = (bind: Bind) =>
      db
        .select({
          ...budgetColumns,
          lines: linesJson,
          projectTitle: projects.title,
          lead: projects.projectLeadId,
          noValue: sql<string | null>`null::text`,
          lineCount: sql<number>`jsonb_array_length(${linesJson}::jsonb)`.mapWith(Number),
          total: sql<number>`(count(*) over ())::int`.as('total'),
        })
        .from(budgets)
        .innerJoin(projects, eq(projects.id, budgets.projectId))
        .where(eq(budgets.projectId, bind('projectId', projectId) as string))
        .orderBy(budgets.createdAt);
    const prepared = preparedStatements('prepared_test');
    const builder = await query((_name, value) => value);
    const read = await prepared('flat', { projectId }, query);
    expect(builder).toHaveLength(2);
    expect(read).toEqual(builder);
    expect(read[0]!.createdAt).toBeInstanceOf(Date);
    expect(read[0]!.noValue).toBeNull();
    expect(read[0]!.lineCount).toBe(2);
    // Read again: the statement and its reading are reused.
    expect(await prepared('flat', { projectId }, query)).toEqual(builder);
  });

  it('read selections nested under inner joins as the query builder does', async () => {
    const db = server.ctx.db;
    const query = (bind: Bind) =>
      db
        .select({
          line: budgetItems,
          budget: { id: budgets.id, createdAt: budgets.createdAt },
          title: projects.title,
        })
        .from(budgetItems)
        .innerJoin(budgets, eq(budgets.id, budgetItems.budgetId))
        .innerJoin(projects, eq(projects.id, budgets.projectId))
        .where(eq(budgets.projectId, bind('projectId', projectId) as string));
    const read = await preparedStatements('prepared_test')('inner', { projectId }, query);
    expect(read).toHaveLength(4);
    expect(read[0]!.budget.createdAt).toBeInstanceOf(Date);
    expect(read).toEqual(await query((_name, value) => value));
  });

  it('leave nested selections (an outer join that may be null) to the query builder', async () => {
    const db = server.ctx.db;
    const query = (bind: Bind) =>
      db
        .select({ id: budgetItems.id, budget: { id: budgets.id }, lead: { name: users.name } })
        .from(budgetItems)
        .innerJoin(budgets, eq(budgets.id, budgetItems.budgetId))
        .innerJoin(projects, eq(projects.id, budgets.projectId))
        .leftJoin(users, sql`false`)
        .where(eq(budgets.projectId, bind('projectId', projectId) as string));
    const prepared = preparedStatements('prepared_test');
    const read = await prepared('nested', { projectId }, query);
    expect(read).toHaveLength(4);
    expect(read[0]!.lead).toBeNull();
    expect(read).toEqual(await query((_name, value) => value));
  });
});
