import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { INPUT_GUARD_MESSAGES } from './input-guard.ts';

let server: TestServer;
let admin: TestUser, lead: TestUser, client: TestUser, project: { id: string };
const projectOf = () => project;

beforeAll(async () => {
  server = await startTestServer();
  [admin, lead, client] = await Promise.all([
    server.user('admin'),
    server.user('project_lead'),
    server.user('client'),
  ]);
  project = await makeProject(server, { lead, client });
});
afterAll(() => server.stop());

const NUL = '\u0000';

/** JSON text of objects nested `depth` deep (written out: serializing such a value overflows the stack). */
function nested(depth: number): string {
  return `${'{"next":'.repeat(depth)}"deep"${'}'.repeat(depth)}`;
}

const send = (
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: string,
  contentType = 'application/json',
) =>
  server.app.inject({
    method,
    url,
    headers: { ...(who ? who.auth : {}), ...(payload === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload }),
  });

/** A multipart body with text fields only. */
function form(fields: Record<string, string>) {
  const boundary = 'hostile-boundary';
  const body =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function expectRefused(answer: Awaited<ReturnType<typeof send>>, message: string) {
  expect(answer.statusCode, answer.body).toBe(400);
  expect(answer.json().error).toBe(message);
}

describe('hostile input is refused with 400 in one place, and changes nothing', () => {
  it('a NUL character in a JSON body, anonymously too', async () => {
    await expectRefused(
      await send(null, 'POST', '/api/auth/login', JSON.stringify({ email: `a${NUL}@b.ng`, password: 'x' })),
      INPUT_GUARD_MESSAGES.nul,
    );
    const before = await server.app.inject({ method: 'GET', url: '/api/projects', headers: admin.auth });
    const title = `Estate${NUL}`;
    await expectRefused(
      await send(
        admin,
        'POST',
        `/api/projects/${project.id}/phases`,
        JSON.stringify({ name: title, description: 'x' }),
      ),
      INPUT_GUARD_MESSAGES.nul,
    );
    await expectRefused(
      await send(admin, 'PUT', `/api/projects/${project.id}`, JSON.stringify({ [`ti${NUL}tle`]: 'x' })),
      INPUT_GUARD_MESSAGES.nul,
    );
    const after = await server.app.inject({ method: 'GET', url: '/api/projects', headers: admin.auth });
    expect(after.json().pagination.total).toBe(before.json().pagination.total);
  });

  it('a NUL character in a query', async () => {
    for (const url of [
      '/api/projects?search=%00',
      '/api/users/staff?search=a%00b',
      '/api/vendors?search=%00',
      '/api/rfqs?search=%00',
      '/api/budgets?search=%00',
      '/api/inventory?search=%00',
    ]) {
      await expectRefused(await send(admin, 'GET', url), INPUT_GUARD_MESSAGES.nul);
    }
  });

  it('a NUL character in a multipart field', async () => {
    const { body, contentType } = form({ title: `Slab${NUL}`, description: 'Poured', type: 'progress' });
    await expectRefused(
      await send(lead, 'POST', '/api/daily-logs', body, contentType),
      INPUT_GUARD_MESSAGES.nul,
    );
  });

  it('JSON nested 5,000 deep, on the routes that take JSON or multipart alike', async () => {
    const deep = `{"projectId":"${project.id}","title":"x","description":${nested(5000)}}`;
    await expectRefused(await send(lead, 'POST', '/api/daily-logs', deep), INPUT_GUARD_MESSAGES.depth);
    const budget = `{"projectId":"${project.id}","items":${nested(5000)}}`;
    await expectRefused(await send(lead, 'POST', '/api/budgets', budget), INPUT_GUARD_MESSAGES.depth);
    await expectRefused(
      await send(admin, 'PUT', `/api/projects/${project.id}`, `{"title":${nested(5000)}}`),
      INPUT_GUARD_MESSAGES.depth,
    );
    const { body, contentType } = form({ projectId: project.id, items: nested(5000) });
    await expectRefused(
      await send(lead, 'POST', '/api/budgets', body, contentType),
      INPUT_GUARD_MESSAGES.depth,
    );
  });

  it('a JSON body that is not an object answers 400, not 415', async () => {
    for (const payload of ['[]', '"text"', '5', 'null']) {
      for (const url of ['/api/daily-logs', '/api/budgets', `/api/projects/${project.id}/phases`]) {
        const answer = await send(lead, 'POST', url, payload);
        expect(answer.statusCode, `${url} ${payload}: ${answer.body}`).toBe(400);
      }
    }
  });
});

describe('impossible calendar dates are refused with 400', () => {
  it('on a project, a task and an installment', async () => {
    const project = {
      title: 'Leap Estate',
      description: 'x',
      location: 'Lagos',
      category: 'Residential',
      startDate: '2026-02-30',
      endDate: '2027-01-01',
      budget: 1000,
      projectLeadId: lead.id,
      clientId: client.id,
      teamMemberIds: [],
    };
    const created = await send(admin, 'POST', '/api/projects', JSON.stringify(project));
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().error).toMatch(/date \(YYYY-MM-DD\)/);

    const phases = await send(
      admin,
      'POST',
      `/api/projects/${projectOf().id}/phases`,
      JSON.stringify({ name: 'Roof' }),
    );
    expect(phases.statusCode, phases.body).toBe(201);
    const phaseId = phases.json().phase.id as string;
    const task = await send(
      admin,
      'POST',
      `/api/projects/${projectOf().id}/phases/${phaseId}/tasks`,
      JSON.stringify({ name: 'Trusses', startDate: '2026-04-31', endDate: null }),
    );
    expect(task.statusCode, task.body).toBe(400);

    const financials = await send(
      admin,
      'PUT',
      `/api/projects/${projectOf().id}/financials`,
      JSON.stringify({
        totalProjectValue: 1000,
        initialPayment: 0,
        installments: [{ amount: 1000, dueDate: '2026-02-29', status: 'pending' }],
      }),
    );
    expect(financials.statusCode, financials.body).toBe(400);
  });
});
