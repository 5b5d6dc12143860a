import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { multipart, type FormFile } from '../../../test/multipart.ts';

let server: TestServer;
let admin: TestUser,
  lead: TestUser,
  engineer: TestUser,
  otherEngineer: TestUser,
  client: TestUser,
  otherClient: TestUser,
  qs: TestUser,
  architect: TestUser;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer();
  [admin, lead, engineer, otherEngineer, client, otherClient, qs, architect] = await Promise.all([
    server.user('admin'),
    server.user('project_lead'),
    server.user('team_member', { name: 'Yusuf Test' }),
    server.user('team_member'),
    server.user('client'),
    server.user('client'),
    server.user('quantity_surveyor'),
    server.user('architect'),
  ]);
  project = await makeProject(server, { lead, client, assignee: engineer });
});
afterAll(() => server.stop());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
const call = (method: Method, url: string, who?: TestUser, payload?: object) =>
  server.app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });
const base = (fixture: ProjectFixture) => `/api/projects/${fixture.id}/phases`;
const taskUrl = (fixture: ProjectFixture) => `${base(fixture)}/${fixture.phaseId}/tasks/${fixture.taskId}`;

async function upload(
  fixture: ProjectFixture,
  who: TestUser,
  files: FormFile[],
  fields: Record<string, string> = {},
) {
  const form = multipart(files, 'attachments', fields);
  return server.app.inject({
    method: 'POST',
    url: `${taskUrl(fixture)}/attachments`,
    headers: { ...who.auth, 'content-type': form.contentType },
    payload: form.payload,
  });
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

describe('phases', () => {
  it('adds, renames and deletes a phase; names and labels stay unique', async () => {
    const added = await call('POST', base(project), lead, {
      name: 'Roofing',
      customLabel: 'Roof and Gutters',
    });
    expect(added.statusCode).toBe(201);
    const phase = added.json().phase;
    expect(phase).toMatchObject({
      name: 'Roofing',
      customLabel: 'Roof and Gutters',
      status: 'not_started',
      tasks: [],
    });
    for (const body of [
      { name: 'roofing' },
      { name: 'Roof and gutters' },
      { name: 'Walls', customLabel: 'FOUNDATION' },
    ]) {
      const duplicate = await call('POST', base(project), lead, body);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error).toBe('A phase with this name or label already exists.');
    }
    expect((await call('POST', base(project), lead, { name: '  ' })).json().error).toBe(
      'Phase name cannot be empty',
    );
    expect((await call('PUT', `${base(project)}/${phase.id}`, lead, { customLabel: '' })).json().error).toBe(
      'Phase label cannot be empty',
    );
    const renamed = await call('PUT', `${base(project)}/${phase.id}`, lead, { customLabel: 'Roof' });
    expect(renamed.json().phase.customLabel).toBe('Roof');
    expect((await call('DELETE', `${base(project)}/${phase.id}`, lead)).statusCode).toBe(200);
    expect((await call('DELETE', `${base(project)}/${phase.id}`, lead)).statusCode).toBe(404);
  });

  it('lets exactly one of two concurrent additions of the same name win', async () => {
    const fixture = await makeProject(server, { lead, client });
    const results = await Promise.all([
      call('POST', base(fixture), admin, { name: 'Plumbing' }),
      call('POST', base(fixture), lead, { name: 'plumbing' }),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    const detail = (await call('GET', `/api/projects/${fixture.id}`, admin)).json().project;
    expect(
      detail.phases.filter((phase: { name: string }) => phase.name.toLowerCase() === 'plumbing'),
    ).toHaveLength(1);
  });

  it('refuses phase changes to engineers, clients and leads of other projects', async () => {
    const otherLead = await server.user('project_lead');
    for (const who of [engineer, client, otherLead]) {
      expect((await call('POST', base(project), who, { name: `By ${who.role}` })).statusCode).toBe(403);
    }
    expect((await call('POST', base(project), otherClient, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('tasks', () => {
  it('derives phase status and progress, and project progress, from the tasks', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    const phaseUrl = `${base(fixture)}/${fixture.phaseId}`;
    const second = await call('POST', `${phaseUrl}/tasks`, lead, {
      name: 'Blinding',
      assignedTo: 'Yusuf Test',
      progress: 0,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().task).toMatchObject({
      assignedTo: 'Yusuf Test',
      assignedToId: engineer.id,
      progress: 0,
    });
    const detail = async () => (await call('GET', `/api/projects/${fixture.id}`, admin)).json().project;
    expect((await detail()).phases[0]).toMatchObject({ status: 'not_started', progress: 0 });
    await call('PUT', taskUrl(fixture), engineer, { progress: 50 });
    let current = await detail();
    expect(current.phases[0]).toMatchObject({ status: 'in_progress', progress: 25 });
    expect(current.progress).toBe(25);
    await call('PUT', taskUrl(fixture), engineer, { progress: 100 });
    await call('PUT', `${phaseUrl}/tasks/${second.json().task.id}`, lead, { progress: 100 });
    current = await detail();
    expect(current.phases[0]).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('lets the assignee change only notes and progress of their own task', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    const ok = await call('PUT', taskUrl(fixture), engineer, {
      notes: 'Poured today',
      progress: 75,
      name: 'Excavation',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().task).toMatchObject({ notes: 'Poured today', progress: 75 });
    const refused = await call('PUT', taskUrl(fixture), engineer, { name: 'Renamed', progress: 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('name');
    expect((await call('PUT', taskUrl(fixture), engineer, { endDate: '2026-01-01' })).statusCode).toBe(400);
    expect((await call('PUT', taskUrl(fixture), otherEngineer, { notes: 'not mine' })).statusCode).toBe(403);
    // Refused before the named assignee is looked up: 403, not a 400 about the name.
    const reassign = await call('PUT', taskUrl(fixture), engineer, {
      name: 'Renamed',
      assignedTo: 'Nobody Known',
    });
    expect(reassign.statusCode).toBe(403);
    expect(reassign.json().error).not.toContain('assignedTo');
    expect(
      (await call('PUT', taskUrl(fixture), otherEngineer, { progress: 900, assignedTo: 'Nobody Known' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `${base(fixture)}/${fixture.phaseId}/tasks`, engineer, { name: 'New' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', taskUrl(fixture), engineer)).statusCode).toBe(403);
    const after = (await call('GET', `/api/projects/${fixture.id}`, admin)).json().project.phases[0].tasks[0];
    expect(after).toMatchObject({ name: 'Excavation', progress: 75, notes: 'Poured today' });
    // The notes are the staff's working notes: the project's client reads the task without them.
    const asClient = (await call('GET', `/api/projects/${fixture.id}`, client)).json().project.phases[0]
      .tasks[0];
    expect(asClient).toMatchObject({ name: 'Excavation', progress: 75, notes: null });
    expect(JSON.stringify(asClient)).not.toContain('Poured today');
  });

  it('lets admin, quantity surveyor and the lead edit tasks fully; architects only when they lead', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    for (const who of [admin, qs, lead]) {
      expect((await call('PUT', taskUrl(fixture), who, { name: `By ${who.role}` })).statusCode).toBe(200);
    }
    expect((await call('PUT', taskUrl(fixture), architect, { name: 'x' })).statusCode).toBe(403);
    const led = await makeProject(server, { lead: architect, client });
    expect((await call('PUT', taskUrl(led), architect, { name: 'Architect led' })).statusCode).toBe(200);
  });

  it('validates progress, dates and assignees', async () => {
    const url = `${base(project)}/${project.phaseId}/tasks`;
    expect((await call('POST', url, lead, { name: 'T', progress: 101 })).statusCode).toBe(400);
    expect((await call('POST', url, lead, { name: 'T', endDate: '31/12/2026' })).statusCode).toBe(400);
    expect((await call('POST', url, lead, { name: 'T', assignedTo: client.id })).statusCode).toBe(400);
    await server.user('team_member', { name: 'Ada Twin' });
    const twin = await server.user('project_lead', { name: 'Ada Twin' });
    const ambiguous = await call('POST', url, lead, { name: 'T', assignedTo: 'Ada Twin' });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().error).toContain('send their id');
    expect((await call('POST', url, lead, { name: 'T', assignedTo: twin.id })).json().task.assignedToId).toBe(
      twin.id,
    );
    const cleared = await call('POST', url, lead, {
      name: 'T',
      notes: null,
      startDate: '',
      endDate: null,
      assignedTo: null,
    });
    expect(cleared.json().task).toMatchObject({ startDate: null, endDate: null, assignedTo: null });
  });

  it('refuses a task that ends before it starts, an overlong name and progress between the steps', async () => {
    const url = `${base(project)}/${project.phaseId}/tasks`;
    const backwards = await call('POST', url, lead, {
      name: 'T',
      startDate: '2027-03-20',
      endDate: '2027-03-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toContain('End date must be on or after the start date');
    const task = (
      await call('POST', url, lead, { name: 'Dated', startDate: '2027-03-01', endDate: '2027-03-10' })
    ).json().task;
    // One date sent alone is checked against the other, saved.
    const endOnly = await call('PUT', `${url}/${task.id}`, lead, { endDate: '2027-02-01' });
    expect(endOnly.statusCode).toBe(400);
    expect(endOnly.json().error).toBe('End date must be on or after the start date');
    const startOnly = await call('PUT', `${url}/${task.id}`, lead, { startDate: '2027-04-01' });
    expect(startOnly.statusCode).toBe(400);
    // Clearing the start frees the end.
    expect(
      (await call('PUT', `${url}/${task.id}`, lead, { startDate: null, endDate: '2027-02-01' })).statusCode,
    ).toBe(200);
    const long = await call('PUT', `${url}/${task.id}`, lead, { name: 'x'.repeat(5000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('Task name must be at most 200 characters');
    const between = await call('PUT', `${url}/${task.id}`, lead, { progress: 37 });
    expect(between.statusCode).toBe(400);
    expect(between.json().error).toContain('Task progress must be one of 0, 25, 50, 75, 100');
    const saved = (await call('GET', `/api/projects/${project.id}`, admin)).json().project.phases[0].tasks;
    expect(saved.find((row: { id: string }) => row.id === task.id)).toMatchObject({
      name: 'Dated',
      progress: 0,
      startDate: null,
      endDate: '2027-02-01',
    });
  });

  it('marks a task overdue when its end date passed and it is unfinished', async () => {
    const url = `${base(project)}/${project.phaseId}/tasks`;
    const late = (await call('POST', url, lead, { name: 'Late', endDate: '2020-01-01', progress: 50 })).json()
      .task;
    const done = (
      await call('POST', url, lead, { name: 'Done', endDate: '2020-01-01', progress: 100 })
    ).json().task;
    expect(late.isOverdue).toBe(true);
    expect(done.isOverdue).toBe(false);
  });

  it('notifies admins, the lead and the assignee of task updates, never the author', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    await call('PUT', taskUrl(fixture), admin, { progress: 25 });
    const hasIt = async (who: TestUser) =>
      (await call('GET', '/api/notifications?limit=100', who))
        .json()
        .notifications.some(
          (item: { projectId: string; title: string }) =>
            item.projectId === fixture.id && item.title === 'Task Updated',
        );
    expect(await hasIt(lead)).toBe(true);
    expect(await hasIt(engineer)).toBe(true);
    expect(await hasIt(admin)).toBe(false);
    expect(await hasIt(client)).toBe(false);
  });
});

describe('task attachments', () => {
  it('uploads, views with a file token or a bearer, downloads and deletes', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    const response = await upload(fixture, engineer, [
      { name: 'site.png', content: await png(), type: 'image/png' },
      { name: 'notes.txt', content: Buffer.from('Concrete grade C25 confirmed.') },
    ]);
    expect(response.statusCode).toBe(201);
    const [image, text] = response.json().attachments;
    expect(image).toMatchObject({ originalName: 'site.png', mimeType: 'image/png', status: 'processing' });
    expect(text).toMatchObject({ originalName: 'notes.txt', status: 'ready', variants: {} });
    await server.worker!.drain();
    const detail = (await call('GET', `/api/projects/${fixture.id}`, engineer)).json().project;
    const processed = detail.phases[0].tasks[0].attachments.find(
      (file: { id: string }) => file.id === image.id,
    );
    expect(processed.status).toBe('ready');
    expect((await call('GET', processed.variants.thumbnail_webp)).headers['content-type']).toBe('image/webp');
    expect(image.viewUrl).toMatch(/\/view\?token=/);
    const viewed = await call('GET', image.viewUrl);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-type']).toBe('image/png');
    expect((await call('HEAD', image.viewUrl)).statusCode).toBe(200);
    const withoutToken = image.viewUrl.split('?')[0];
    expect((await call('GET', withoutToken)).statusCode).toBe(401);
    // Task files are hidden from the client unless shared with them.
    expect((await call('GET', withoutToken, client)).statusCode).toBe(404);
    expect((await call('GET', withoutToken, otherClient)).statusCode).toBe(404);
    // A token opens only its own file.
    const token = image.viewUrl.split('token=')[1];
    expect((await call('GET', `${text.viewUrl.split('?')[0]}?token=${token}`)).statusCode).toBe(401);
    // The session token is never accepted in the URL.
    expect((await call('GET', `${withoutToken}?token=${engineer.token}`)).statusCode).toBe(401);
    const textView = await call('GET', text.viewUrl);
    expect(textView.headers['content-type']).toBe('application/octet-stream');
    expect(textView.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
    const download = await call('GET', image.downloadUrl);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="site.png"/);
    expect((await call('DELETE', `${taskUrl(fixture)}/attachments/${image.id}`, client)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `${taskUrl(fixture)}/attachments/${image.id}`, engineer)).statusCode).toBe(
      200,
    );
    expect((await call('GET', withoutToken, admin)).statusCode).toBe(404);
  });

  it('reach the client only when shared with them, by the uploader or whoever works on the task', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    const note = (name: string) => ({ name, content: Buffer.from(`${name} for the slab`) });
    const hidden = (await upload(fixture, engineer, [note('internal.txt')])).json().attachments[0];
    const sharedAnswer = await upload(fixture, engineer, [note('for-client.txt')], {
      isClientVisible: 'true',
    });
    expect(sharedAnswer.statusCode, sharedAnswer.body).toBe(201);
    const shared = sharedAnswer.json().attachments[0];
    expect([hidden.isClientVisible, shared.isClientVisible]).toEqual([false, true]);
    const filesSeenBy = async (who: TestUser) =>
      (await call('GET', `/api/projects/${fixture.id}`, who))
        .json()
        .project.phases[0].tasks[0].attachments.map((file: { originalName: string }) => file.originalName);
    expect(await filesSeenBy(client)).toEqual(['for-client.txt']);
    expect((await filesSeenBy(lead)).sort()).toEqual(['for-client.txt', 'internal.txt']);
    const path = (file: { viewUrl: string }) => file.viewUrl.split('?')[0]!;
    expect((await call('GET', path(hidden), client)).statusCode).toBe(404);
    expect((await call('GET', path(shared), client)).statusCode).toBe(200);

    const show = (who: TestUser, file: { id: string }, isClientVisible: boolean) =>
      call('PUT', `${taskUrl(fixture)}/attachments/${file.id}`, who, { isClientVisible });
    expect((await show(client, hidden, true)).statusCode).toBe(403);
    expect((await show(otherEngineer, hidden, true)).statusCode).toBe(403);
    expect((await show(otherClient, hidden, true)).statusCode).toBe(404);
    const shown = await show(lead, hidden, true);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().attachment.isClientVisible).toBe(true);
    expect((await show(engineer, shared, false)).json().attachment.isClientVisible).toBe(false);
    expect(await filesSeenBy(client)).toEqual(['internal.txt']);
    expect((await call('GET', path(shared), client)).statusCode).toBe(404);
    expect((await call('PUT', `${taskUrl(fixture)}/attachments/${hidden.id}`, lead, {})).statusCode).toBe(
      400,
    );
  });

  it('refuses a disguised binary, more than 5 files, and oversized files, storing nothing', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    expect(
      (await upload(fixture, lead, [{ name: 'photo.jpg', content: exe, type: 'image/jpeg' }])).statusCode,
    ).toBe(415);
    const six = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => ({ name: `p${index}.png`, content: await png() })),
    );
    expect((await upload(fixture, lead, six)).statusCode).toBe(413);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    expect((await upload(fixture, lead, [{ name: 'drawings.pdf', content: big }])).statusCode).toBe(413);
    const detail = (await call('GET', `/api/projects/${fixture.id}`, admin)).json().project;
    expect(detail.phases[0].tasks[0].attachments).toHaveLength(0);
    const dir = path.join(server.dataDir, 'files/projects', fixture.id);
    const stored = fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    expect(stored).toHaveLength(0);
  });

  it('refuses uploads by people who may not change the task', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    expect((await upload(fixture, otherEngineer, [{ name: 'a.png', content: await png() }])).statusCode).toBe(
      403,
    );
    expect((await upload(fixture, client, [{ name: 'a.png', content: await png() }])).statusCode).toBe(403);
  });
});

describe('project delete', () => {
  it('removes phases, tasks, notifications and attachment files', async () => {
    const fixture = await makeProject(server, { lead, client, assignee: engineer });
    const uploaded = (await upload(fixture, lead, [{ name: 'a.png', content: await png() }])).json()
      .attachments[0];
    const file = path.join(server.dataDir, 'files', `projects/${fixture.id}/tasks/${fixture.taskId}`);
    expect(fs.readdirSync(file)).toHaveLength(1);
    expect((await call('DELETE', `/api/projects/${fixture.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/projects/${fixture.id}`, admin)).statusCode).toBe(404);
    // A variant job that was running when the project went removes what it made.
    await server.worker!.drain();
    expect(fs.existsSync(file) ? fs.readdirSync(file) : []).toHaveLength(0);
    expect((await call('GET', uploaded.viewUrl)).statusCode).toBe(401);
    const rows = await server.ctx.db.execute(
      (await import('drizzle-orm'))
        .sql`select (select count(*) from tasks where project_id = ${fixture.id})::int as tasks, (select count(*) from attachments where project_id = ${fixture.id})::int as files`,
    );
    expect((rows as unknown as { rows: Array<{ tasks: number; files: number }> }).rows[0]).toEqual({
      tasks: 0,
      files: 0,
    });
  });
});
