import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_MESSAGE } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { multipart, type FormFile } from '../../../test/multipart.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { INTERRUPTED_MESSAGE } from '../../http/idempotency.ts';

let server: TestServer;
let engineer: TestUser, lead: TestUser, client: TestUser, otherClient: TestUser, vendor: TestUser;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer();
  [engineer, lead, client, otherClient, vendor] = await Promise.all([
    server.user('team_member'),
    server.user('project_lead'),
    server.user('client'),
    server.user('client'),
    server.user('vendor'),
  ]);
  project = await makeProject(server, { lead, client, assignee: engineer, team: [engineer] });
});
afterAll(() => server.stop());

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .toBuffer();

function post(
  url: string,
  who: TestUser,
  fields: Record<string, string>,
  files: FormFile[] = [],
  key?: string,
) {
  const form = multipart(files, 'files', fields);
  return server.app.inject({
    method: 'POST',
    url,
    headers: {
      ...who.auth,
      'content-type': form.contentType,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: form.payload,
  });
}

const get = (url: string, who?: TestUser) =>
  server.app.inject({ method: 'GET', url, ...(who ? { headers: who.auth } : {}) });
const remove = (url: string, who: TestUser) =>
  server.app.inject({ method: 'DELETE', url, headers: who.auth });

async function newLog(fields: Record<string, string> = {}, files: FormFile[] = [], who = engineer) {
  const response = await post(
    '/api/daily-logs',
    who,
    { projectId: project.id, title: 'Slab cast', message: 'Poured the first floor slab', ...fields },
    files,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().dailyLog;
}

describe('daily logs', () => {
  it('keeps attachments in the order they were chosen', async () => {
    const names = ['c-columns.jpg', 'a-slab.jpg', 'b-rebar.pdf', 'd-formwork.jpg'];
    const content = await photo();
    const files = names.map((name) =>
      name.endsWith('.pdf')
        ? { name, type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') }
        : { name, type: 'image/jpeg', content },
    );
    const log = await newLog({ title: 'Ordered' }, files);
    expect(log.attachments.map((file: { originalName: string }) => file.originalName)).toEqual(names);
    const listed = (await get(`/api/daily-logs/project/${project.id}`, engineer))
      .json()
      .dailyLogs.find((item: { id: string }) => item.id === log.id);
    expect(listed.attachments.map((file: { originalName: string }) => file.originalName)).toEqual(names);
  });

  it('need a session', async () => {
    expect((await get('/api/daily-logs')).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/api/daily-logs' })).statusCode).toBe(401);
  });

  it('take the author and role from the session, with a photo processed to its variants', async () => {
    const log = await newLog({ type: 'milestone', author: 'Somebody Else', authorRole: 'admin' }, [
      { name: 'slab.jpg', content: await photo(), type: 'image/jpeg' },
    ]);
    expect(log).toMatchObject({
      title: 'Slab cast',
      description: 'Poured the first floor slab',
      type: 'milestone',
      isClientVisible: false,
      isDeleted: false,
      user: { id: engineer.id, name: engineer.name, role: 'team_member' },
    });
    expect(log.attachments[0]).toMatchObject({ originalName: 'slab.jpg', status: 'processing' });
    await server.worker!.drain();
    const [listed] = (await get(`/api/daily-logs/project/${project.id}?limit=1`, engineer)).json().dailyLogs;
    expect(listed.attachments[0].status).toBe('ready');
    expect(Object.keys(listed.attachments[0].variants).sort()).toEqual([
      'medium_jpg',
      'medium_webp',
      'thumbnail_jpg',
      'thumbnail_webp',
    ]);
    const thumbnail = await get(listed.attachments[0].variants.thumbnail_webp);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await get(listed.attachments[0].viewUrl.split('?')[0])).statusCode).toBe(401);
    expect((await get(listed.attachments[0].viewUrl.split('?')[0], engineer)).statusCode).toBe(200);
    const head = await server.app.inject({ method: 'HEAD', url: listed.attachments[0].viewUrl });
    expect(head.statusCode).toBe(200);
  });

  it('list pages follow every change: a reply, a processed file, a renamed project, a deletion', async () => {
    const log = await newLog({ title: 'Kept page' }, [
      { name: 'kerb.jpg', content: await photo(), type: 'image/jpeg' },
    ]);
    const first = async () =>
      (await get(`/api/daily-logs/project/${project.id}?limit=1`, engineer)).json().dailyLogs[0];
    expect((await first()).attachments[0].status).toBe('processing');
    expect((await post(`/api/daily-logs/${log.id}/replies`, lead, { message: 'Seen' })).statusCode).toBe(201);
    expect((await first()).replies.map((reply: { message: string }) => reply.message)).toEqual(['Seen']);
    await server.worker!.drain();
    expect((await first()).attachments[0].status).toBe('ready');
    const renamed = await server.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: (await server.user('admin')).auth,
      payload: { title: 'Renamed while kept' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await first()).projectTitle).toBe('Renamed while kept');
    expect((await remove(`/api/daily-logs/${log.id}`, engineer)).statusCode).toBe(200);
    expect((await first()).isDeleted).toBe(true);
  });

  it('refuses missing fields with the form texts, bad projects, clients and vendors', async () => {
    const missing = await post('/api/daily-logs', engineer, {
      projectId: project.id,
      title: ' ',
      message: 'x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Title required: Please enter a title.');
    const noText = await post('/api/daily-logs', engineer, {
      projectId: project.id,
      title: 'T',
      message: '',
    });
    expect(noText.json().error).toBe('Description required: Please enter a description.');
    const noProject = await post('/api/daily-logs', engineer, { title: 'T', message: 'M' });
    expect(noProject.json().error).toBe('Project required: Please select a project.');
    const unknown = await post('/api/daily-logs', engineer, {
      projectId: '00000000-0000-4000-8000-000000000000',
      title: 'T',
      message: 'M',
    });
    expect(unknown.statusCode).toBe(404);
    const fromClient = await post('/api/daily-logs', client, {
      projectId: project.id,
      title: 'T',
      message: 'M',
    });
    expect(fromClient.statusCode).toBe(403);
    expect(
      (await post('/api/daily-logs', vendor, { projectId: project.id, title: 'T', message: 'M' })).statusCode,
    ).toBe(403);
  });

  it('refuses a sixth file and a file that is not what it claims, leaving nothing behind', async () => {
    const before = await server.ctx.attachments.countProcessing();
    const image = { name: 'a.jpg', content: await photo(), type: 'image/jpeg' };
    const six = await post(
      '/api/daily-logs',
      engineer,
      { projectId: project.id, title: 'Six', message: 'too many' },
      Array.from({ length: 6 }, () => image),
    );
    expect(six.statusCode).toBe(413);
    const binary = await post(
      '/api/daily-logs',
      engineer,
      { projectId: project.id, title: 'Bad', message: 'exe' },
      [
        {
          name: 'photo.jpg',
          content: Buffer.from([
            0x4d,
            0x5a,
            0x90,
            0x00,
            0x03,
            0x00,
            0x00,
            0x00,
            0x04,
            0x00,
            0x00,
            0x00,
            0xff,
            0xff,
            0x00,
            0x00,
            ...Array(64).fill(0),
          ]),
          type: 'image/jpeg',
        },
      ],
    );
    expect(binary.statusCode).toBe(415);
    const text = await post(
      '/api/daily-logs',
      engineer,
      { projectId: project.id, title: 'Fake', message: 'text' },
      [{ name: 'site.jpg', content: Buffer.from('not a photo at all'), type: 'image/jpeg' }],
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe('File type not allowed: site.jpg');
    const log = await newLog({ title: 'Takes replies' });
    const sixOnReply = await post(
      `/api/daily-logs/${log.id}/replies`,
      engineer,
      { message: 'six photos' },
      Array.from({ length: 6 }, () => image),
    );
    expect(sixOnReply.statusCode).toBe(413);
    expect(sixOnReply.json().error).toBe('At most 5 files may be attached');
    const titles = (await get(`/api/daily-logs/project/${project.id}?limit=100`, engineer))
      .json()
      .dailyLogs.map((log: { title: string }) => log.title);
    expect(titles).not.toContain('Six');
    expect(titles).not.toContain('Bad');
    expect(titles).not.toContain('Fake');
    const [kept] = (await get(`/api/daily-logs/project/${project.id}?limit=100`, engineer))
      .json()
      .dailyLogs.filter((item: { id: string }) => item.id === log.id);
    expect(kept.replies).toEqual([]);
    expect(await server.ctx.attachments.countProcessing()).toBe(before);
  });

  it('show clients only client-visible logs of their own projects, and let them reply only there', async () => {
    const hidden = await newLog({ title: 'Internal snag', isClientVisible: 'false' });
    const shared = await newLog({ title: 'Roof done', isClientVisible: 'true' });
    const seen = (await get('/api/daily-logs?limit=100', client)).json();
    const titles = seen.dailyLogs.map((log: { title: string }) => log.title);
    expect(titles).toContain('Roof done');
    expect(titles).not.toContain('Internal snag');
    expect(seen.dailyLogs.every((log: { isClientVisible: boolean }) => log.isClientVisible)).toBe(true);
    expect(seen.pagination.totalItems).toBe(seen.dailyLogs.length);
    expect((await get('/api/daily-logs?limit=100', otherClient)).json().dailyLogs).toEqual([]);
    expect((await get(`/api/daily-logs/project/${project.id}`, otherClient)).statusCode).toBe(404);
    expect((await get('/api/daily-logs', vendor)).json().dailyLogs).toEqual([]);

    const onHidden = await post(`/api/daily-logs/${hidden.id}/replies`, client, { message: 'What snag?' });
    expect(onHidden.statusCode).toBe(404);
    const reply = await post(`/api/daily-logs/${shared.id}/replies`, client, { message: 'Looks great' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().reply).toMatchObject({ message: 'Looks great', user: { id: client.id } });
    const empty = await post(`/api/daily-logs/${shared.id}/replies`, client, { message: '  ' });
    expect(empty.json().error).toBe('Reply cannot be empty');
  });

  it('nest replies to replies and delete only the author’s messages, keeping the thread', async () => {
    const log = await newLog({ title: 'Blockwork', isClientVisible: 'true' }, [
      { name: 'notes.txt', content: Buffer.from('level 2 blockwork notes'), type: 'text/plain' },
    ]);
    const first = (
      await post(`/api/daily-logs/${log.id}/replies`, client, { message: 'When is level 3?' })
    ).json().reply;
    const answer = await post(
      `/api/daily-logs/${log.id}/replies`,
      engineer,
      { message: 'Next week', parentReplyId: first.id },
      [{ name: 'plan.txt', content: Buffer.from('schedule'), type: 'text/plain' }],
    );
    expect(answer.statusCode).toBe(201);
    const deeper = await post(`/api/daily-logs/${log.id}/replies`, client, {
      message: 'Thanks',
      parentReplyId: answer.json().reply.id,
    });
    expect(deeper.statusCode).toBe(201);

    expect((await remove(`/api/daily-logs/${log.id}/replies/${first.id}`, engineer)).statusCode).toBe(403);
    expect((await remove(`/api/daily-logs/${log.id}`, lead)).statusCode).toBe(403);
    expect((await remove(`/api/daily-logs/${log.id}/replies/${first.id}`, client)).statusCode).toBe(200);
    expect((await remove(`/api/daily-logs/${log.id}`, engineer)).statusCode).toBe(200);
    const again = await remove(`/api/daily-logs/${log.id}`, engineer);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This message was already deleted');
    expect((await remove(`/api/daily-logs/${log.id}/replies/${first.id}`, client)).statusCode).toBe(409);
    // Someone else's deleted message is still not theirs to delete.
    expect((await remove(`/api/daily-logs/${log.id}`, lead)).statusCode).toBe(403);

    const [thread] = (await get(`/api/daily-logs/project/${project.id}?limit=100`, client))
      .json()
      .dailyLogs.filter((item: { id: string }) => item.id === log.id);
    expect(thread).toMatchObject({
      isDeleted: true,
      message: DELETED_MESSAGE,
      attachments: [],
      replyCount: 3,
    });
    expect(thread.replies[0]).toMatchObject({ isDeleted: true, message: DELETED_MESSAGE });
    expect(thread.replies[0].replies[0]).toMatchObject({ message: 'Next week', isDeleted: false });
    expect(thread.replies[0].replies[0].attachments).toHaveLength(1);
    expect(thread.replies[0].replies[0].replies[0].message).toBe('Thanks');
    const onDeleted = await post(`/api/daily-logs/${log.id}/replies`, engineer, { message: 'hello?' });
    expect(onDeleted.statusCode).toBe(409);
  });

  it('take JSON when there are no files, as a form would send it', async () => {
    const json = (url: string, who: TestUser, body: unknown) =>
      server.app.inject({ method: 'POST', url, headers: who.auth, payload: body as object });
    const created = await json('/api/daily-logs', engineer, {
      projectId: project.id,
      title: 'Scaffold inspected',
      message: 'All ties in place',
      type: 'issue',
      isClientVisible: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().dailyLog).toMatchObject({
      title: 'Scaffold inspected',
      type: 'issue',
      isClientVisible: true,
      user: { id: engineer.id },
    });
    const id = created.json().dailyLog.id;
    const reply = await json(`/api/daily-logs/${id}/replies`, client, { message: 'Thank you' });
    expect(reply.statusCode).toBe(201);
    const nested = await json(`/api/daily-logs/${id}/replies`, engineer, {
      message: 'Welcome',
      parentReplyId: reply.json().reply.id,
    });
    expect(nested.statusCode).toBe(201);
    const invalid = await json('/api/daily-logs', engineer, { projectId: project.id, message: 'no title' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('Title required: Please enter a title.');
    const list = await json('/api/daily-logs', engineer, [1, 2]);
    expect(list.statusCode).toBe(400);
    expect(list.json().error).toBe('The body must be a JSON object');
  });

  it('keep the files of hidden logs, and of replies on them, from clients', async () => {
    const hidden = await newLog({ title: 'Crack in beam', isClientVisible: 'false' }, [
      { name: 'crack.jpg', content: await photo(), type: 'image/jpeg' },
    ]);
    const reply = (
      await post(`/api/daily-logs/${hidden.id}/replies`, lead, { message: 'Shoring it' }, [
        { name: 'shoring.txt', content: Buffer.from('props at 1.2 m'), type: 'text/plain' },
      ])
    ).json().reply;
    for (const file of [hidden.attachments[0], reply.attachments[0]]) {
      const path = file.viewUrl.split('?')[0];
      expect((await get(path, client)).statusCode).toBe(404);
      expect((await get(path.replace(/view$/, 'download'), client)).statusCode).toBe(404);
      expect((await get(path, otherClient)).statusCode).toBe(404);
      expect((await get(path, lead)).statusCode).toBe(200);
    }
  });

  it('pages with a cursor and filters by Lagos calendar days', async () => {
    const fixture = await makeProject(server, { lead, client });
    for (const title of ['One', 'Two', 'Three']) {
      const response = await post('/api/daily-logs', lead, { projectId: fixture.id, title, message: title });
      expect(response.statusCode).toBe(201);
    }
    const first = (await get(`/api/daily-logs?projectId=${fixture.id}&limit=2`, lead)).json();
    expect(first.dailyLogs.map((log: { title: string }) => log.title)).toEqual(['Three', 'Two']);
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalItems: 3,
      itemsPerPage: 2,
      hasNext: true,
    });
    const next = (
      await get(`/api/daily-logs?projectId=${fixture.id}&limit=2&cursor=${first.pagination.nextCursor}`, lead)
    ).json();
    expect(next.dailyLogs.map((log: { title: string }) => log.title)).toEqual(['One']);
    expect(next.pagination.hasNext).toBe(false);
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const todays = (
      await get(`/api/daily-logs?projectId=${fixture.id}&startDate=${today}&endDate=${today}`, lead)
    ).json();
    expect(todays.pagination.totalItems).toBe(3);
    const past = (
      await get(`/api/daily-logs?projectId=${fixture.id}&startDate=2020-01-01&endDate=2020-01-31`, lead)
    ).json();
    expect(past.dailyLogs).toEqual([]);
    expect((await get('/api/daily-logs?startDate=2020-02-01&endDate=2020-01-01', lead)).statusCode).toBe(400);
  });

  it('answer a retried post with the first result instead of a second log', async () => {
    const fixture = await makeProject(server, { lead, client });
    const fields = { projectId: fixture.id, title: 'Retried', message: 'sent twice' };
    const key = `retry-${Date.now()}`;
    const first = await post('/api/daily-logs', lead, fields, [], key);
    const again = await post('/api/daily-logs', lead, fields, [], key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().dailyLog.id).toBe(first.json().dailyLog.id);
    expect((await get(`/api/daily-logs?projectId=${fixture.id}`, lead)).json().pagination.totalItems).toBe(1);
    const elsewhere = await post(
      `/api/daily-logs/${first.json().dailyLog.id}/replies`,
      lead,
      { message: 'x' },
      [],
      key,
    );
    expect(elsewhere.statusCode).toBe(409);
  });

  it('say so, and run nothing, when the first request with a key died with its process unanswered', async () => {
    const fixture = await makeProject(server, { lead, client });
    const key = `cut-off-${Date.now()}`;
    await server.ctx.db.insert(idempotencyKeys).values({
      userId: lead.id,
      key,
      scope: 'POST /api/daily-logs',
      owner: 'trowel-gone0000',
    });
    const postLog = (idempotencyKey: string) =>
      post('/api/daily-logs', lead, { projectId: fixture.id, title: 'T', message: 'M' }, [], idempotencyKey);
    const cutOff = await postLog(key);
    expect(cutOff.statusCode).toBe(409);
    expect(cutOff.json()).toEqual({ success: false, error: INTERRUPTED_MESSAGE, code: 'CONFLICT' });
    expect(cutOff.headers['retry-after']).toBeUndefined();
    expect((await get(`/api/daily-logs?projectId=${fixture.id}`, lead)).json().pagination.totalItems).toBe(0);

    const fresh = `pending-${Date.now()}`;
    await server.ctx.db.insert(idempotencyKeys).values({
      userId: lead.id,
      key: fresh,
      scope: 'POST /api/daily-logs',
      owner: server.ctx.database.processName,
    });
    const busy = await postLog(fresh);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('2');
  });

  it('go with their project, files included', async () => {
    const fixture = await makeProject(server, { lead, client });
    const response = await post(
      '/api/daily-logs',
      lead,
      { projectId: fixture.id, title: 'Gone', message: 'soon' },
      [{ name: 'site.jpg', content: await photo(), type: 'image/jpeg' }],
    );
    await server.worker!.drain();
    const file = response.json().dailyLog.attachments[0];
    const row = await server.ctx.attachments.find(file.id);
    const keys = [row!.storageKey, ...Object.values(row!.variants)];
    expect(await Promise.all(keys.map((key) => server.ctx.storage.stat(key)))).not.toContain(null);
    const admin = await server.user('admin');
    expect((await remove(`/api/projects/${fixture.id}`, admin)).statusCode).toBe(200);
    expect(await Promise.all(keys.map((key) => server.ctx.storage.stat(key)))).toEqual(keys.map(() => null));
    expect(await server.ctx.dailyLogs.find(response.json().dailyLog.id)).toBeNull();
  });
});
