import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/raw.ts';
import { INPUT_GUARD_MESSAGES } from '../src/http/input-guard.ts';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from './harness.ts';

/**
 * What the input fuzz (input-fuzz.test.ts) found answering 5xx, kept as plain cases: each answered 500
 * before its fix and answers 4xx, changing nothing, after.
 */
let server: TestServer;
let admin: TestUser;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer();
  const [lead, client] = await Promise.all([server.user('project_lead'), server.user('client')]);
  admin = await server.user('admin');
  project = await makeProject(server, { lead, client });
});
afterAll(() => server.stop());

const count = async (table: string) =>
  (await queryRows<{ n: number }>(server.ctx.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('values the database cannot store answer 400', () => {
  // Each is allowed alone (quantity ≤ 1e9, unit price ≤ 1e13 naira); their product is ₦1.8e17, whose
  // kobo do not fit the bigint column of a line's total (PostgreSQL 22003).
  const hugeLine = { description: 'Sand', quantity: 645791675, unitPrice: 286388521 };

  // Past 1e21 a number is written in exponent form, which a bigint column cannot even read (22P02).
  const hugerLine = { description: 'Sand', quantity: 151186131, unitPrice: 9999999999999.99 };

  it.each([
    ['beyond its column', hugeLine],
    ['beyond what its column can read', hugerLine],
  ])('a budget whose line total is %s: 400, and no budget', async (_case, line) => {
    const budgets = await count('budgets');
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: admin.auth,
      payload: { projectId: project.id, items: [line] },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await count('budgets')).toBe(budgets);
  });

  it('the same line in an edit: 400, and the budget as it was', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: admin.auth,
      payload: { projectId: project.id, items: [{ description: 'Sand', quantity: 2, unitPrice: 1500 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const budget = created.json().budget as { id: string };
    const before = await server.app.inject({
      method: 'GET',
      url: `/api/budgets/${budget.id}`,
      headers: admin.auth,
    });
    const answer = await server.app.inject({
      method: 'PUT',
      url: `/api/budgets/${budget.id}`,
      headers: admin.auth,
      payload: { items: [hugeLine] },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    const after = await server.app.inject({
      method: 'GET',
      url: `/api/budgets/${budget.id}`,
      headers: admin.auth,
    });
    expect(after.json()).toEqual(before.json());
  });
});

describe('text that is not valid Unicode answers 400, in one place', () => {
  const taskUrl = () => `/api/projects/${project.id}/phases/${project.phaseId}/tasks/${project.taskId}`;
  const put = (payload: string) =>
    server.app.inject({
      method: 'PUT',
      url: taskUrl(),
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload,
    });

  // A task's name went into a notification written as JSON, which PostgreSQL refused (500); in a
  // text column the same character silently became U+FFFD.
  it.each([
    ['a value', '{"name":"\\udbff\\udbff"}'],
    ['a low surrogate alone', '{"notes":"note \\udc00"}'],
    ['a key', '{"\\ud800":"x"}'],
  ])('an unpaired surrogate in %s: 400, and the task as it was', async (_where, payload) => {
    const before = await server.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}`,
      headers: admin.auth,
    });
    const answer = await put(payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error).toBe(INPUT_GUARD_MESSAGES.surrogate);
    const after = await server.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}`,
      headers: admin.auth,
    });
    expect(after.json()).toEqual(before.json());
  });

  it('a pair of surrogates (an emoji) is text like any other', async () => {
    const answer = await put('{"notes":"Poured \\ud83d\\udc4d"}');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().task.notes).toBe('Poured \u{1F44D}');
  });
});

describe('a multipart body that is not well-formed answers 400, and leaves no file', () => {
  const BOUNDARY = 'fuzz-boundary';
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileStart = (name: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="plan.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n';
  const storedFiles = () =>
    fs
      .readdirSync(path.join(server.dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);

  /** The answer, or 'no answer' when none came within 5 s (a body cut short inside a file hung). */
  async function post(url: string, contentType: string, payload: string) {
    const answer = server.app.inject({
      method: 'POST',
      url,
      headers: { ...admin.auth, 'content-type': contentType },
      payload,
    });
    const silence = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5000));
    return Promise.race([answer, silence]);
  }

  const bodies = () => ({
    'without a boundary': ['multipart/form-data', field('projectId', project.id)],
    'cut short after a field': [`multipart/form-data; boundary=${BOUNDARY}`, field('projectId', project.id)],
    'cut short inside a file': [
      `multipart/form-data; boundary=${BOUNDARY}`,
      field('projectId', project.id) + fileStart('files') + 'x'.repeat(70_000),
    ],
    // Parsed in one go: the file fails before the intake has it in hand.
    'cut short inside a small file': [
      `multipart/form-data; boundary=${BOUNDARY}`,
      field('projectId', project.id) + fileStart('files') + 'x',
    ],
  });

  it.each([
    'without a boundary',
    'cut short after a field',
    'cut short inside a file',
    'cut short inside a small file',
  ] as const)('a daily log %s', async (which) => {
    const [contentType, payload] = bodies()[which];
    const logs = await count('daily_logs');
    const files = storedFiles();
    const answer = await post('/api/daily-logs', contentType!, payload!);
    expect(answer === 'no answer' ? answer : answer.statusCode).toBe(400);
    expect(await count('daily_logs')).toBe(logs);
    expect(storedFiles()).toEqual(files);
  });

  it.each(['without a boundary', 'cut short inside a file', 'cut short inside a small file'] as const)(
    'an avatar %s',
    async (which) => {
      const [contentType, payload] = bodies()[which];
      const files = storedFiles();
      const answer = await post(
        `/api/users/${admin.id}/avatar`,
        contentType!,
        payload!.replace('"files"', '"avatar"'),
      );
      expect(answer === 'no answer' ? answer : answer.statusCode).toBe(400);
      expect(storedFiles()).toEqual(files);
    },
  );
});
