import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '@trowel/shared/schedule/schedule.schemas.ts';
import {
  makeProject,
  startTestServer,
  type ProjectFixture,
  type TestServer,
  type TestUser,
} from '../../../../test/harness.ts';
import { readPdf } from '../../../../test/pdf-text.ts';

let server: TestServer;
let admin: TestUser, lead: TestUser, engineer: TestUser, client: TestUser, otherClient: TestUser;
let vendorLike: TestUser, manager: TestUser;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer();
  [admin, lead, engineer, client, otherClient, vendorLike, manager] = await Promise.all([
    server.user('admin'),
    server.user('project_lead'),
    server.user('team_member'),
    server.user('client'),
    server.user('client'),
    server.user('vendor'),
    server.user('project_manager'),
  ]);
  project = await makeProject(server, { lead, client, assignee: engineer });
});
afterAll(() => server.stop());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: TestUser, payload?: object) =>
  server.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const scheduleUrl = (id = project.id) => `/api/projects/${id}/schedule`;

async function addTask(name: string, startDate: string | null, endDate: string | null) {
  const response = await call('POST', `/api/projects/${project.id}/phases/${project.phaseId}/tasks`, admin, {
    name,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().task.id as string;
}
const link = (who: TestUser, fromTaskId: string, toTaskId: string, extra: object = {}) =>
  call('POST', `${scheduleUrl()}/links`, who, { fromTaskId, toTaskId, ...extra });
const taskOf = async (id: string, who: TestUser = admin) =>
  (await call('GET', scheduleUrl(), who))
    .json()
    .schedule.tasks.find((task: { id: string }) => task.id === id);

describe('the schedule', () => {
  let dig: string, pour: string, cure: string;

  beforeAll(async () => {
    dig = await addTask('Dig foundations', '2099-03-02', '2099-03-05');
    pour = await addTask('Pour footings', '2099-03-06', '2099-03-07');
    cure = await addTask('Cure', '2099-03-08', '2099-03-14');
  });

  it('links tasks, moves the successor when its predecessor moves later, and tells the lead of a later end', async () => {
    const first = await link(lead, dig, pour);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().link).toMatchObject({
      fromTaskId: dig,
      toTaskId: pour,
      type: 'finish_to_start',
      lagDays: 0,
    });
    expect((await link(lead, pour, cure, { lagDays: 1 })).statusCode).toBe(201);
    // The lag pushes cure one day.
    expect(await taskOf(cure)).toMatchObject({
      startDate: '2099-03-09',
      endDate: '2099-03-15',
      critical: true,
    });

    const moved = await call(
      'PUT',
      `/api/projects/${project.id}/phases/${project.phaseId}/tasks/${dig}`,
      admin,
      {
        endDate: '2099-03-09',
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await taskOf(pour)).toMatchObject({ startDate: '2099-03-10', endDate: '2099-03-11' });
    expect(await taskOf(cure)).toMatchObject({ startDate: '2099-03-13', endDate: '2099-03-19' });
    const schedule = (await call('GET', scheduleUrl(), admin)).json().schedule;
    expect(schedule.forecastEndDate >= '2099-03-19').toBe(true);
    const told = (await call('GET', '/api/notifications?limit=50', lead)).json().notifications;
    const notice = told.find((one: { title: string }) => one.title === 'Project end moved');
    // Dates written out, as every reader reads them alike: '19 Mar 2099', never 2099-03-19 or 03/19.
    expect(notice?.message).toMatch(
      /^The forecast end of ".+" moved from \d{1,2} [A-Z][a-z]{2} \d{4} to \d{1,2} [A-Z][a-z]{2} \d{4}: a task on the critical path slipped\.$/,
    );
  });

  it('names a phase as the project page does: by its label when it has one', async () => {
    const added = await call('POST', `/api/projects/${project.id}/phases`, admin, {
      name: 'Superstructure',
      customLabel: 'Frame and Slabs',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { schedule } = (await call('GET', scheduleUrl(), admin)).json();
    expect(schedule.phases).toContainEqual({ id: added.json().phase.id, name: 'Frame and Slabs' });
    expect(
      (await call('DELETE', `/api/projects/${project.id}/phases/${added.json().phase.id}`, admin)).statusCode,
    ).toBe(200);
  });

  it('answers the issue’s fields, each phase named once', async () => {
    const { schedule } = (await call('GET', scheduleUrl(), admin)).json();
    expect(schedule.phases).toEqual([{ id: project.phaseId, name: expect.any(String) }]);
    expect(Object.keys(schedule.tasks[0]).sort()).toEqual(
      [
        'id',
        'phaseId',
        'name',
        'startDate',
        'endDate',
        'progress',
        'earlyStart',
        'earlyFinish',
        'lateStart',
        'lateFinish',
        'totalFloat',
        'critical',
        'baselineStart',
        'baselineEnd',
      ].sort(),
    );
    expect(Object.keys(schedule.links[0]).sort()).toEqual(
      ['id', 'fromTaskId', 'toTaskId', 'type', 'lagDays'].sort(),
    );
    expect(schedule.forecastEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a link that closes a loop, naming it, and changes nothing', async () => {
    const before = (await call('GET', scheduleUrl(), admin)).json().schedule.links.length;
    const loop = await link(admin, cure, dig);
    expect(loop.statusCode).toBe(400);
    expect(loop.json().error).toBe(
      'This link would make a loop: Cure → Dig foundations → Pour footings → Cure',
    );
    expect((await link(admin, dig, dig)).json().error).toBe(SCHEDULE_MESSAGES.sameTask);
    expect((await link(admin, dig, pour)).statusCode).toBe(409);
    expect((await call('GET', scheduleUrl(), admin)).json().schedule.links).toHaveLength(before);
  });

  it('refuses undated tasks and tasks of another project', async () => {
    const undated = await addTask('Snagging', null, null);
    expect((await link(admin, cure, undated)).json().error).toBe(SCHEDULE_MESSAGES.undated);
    const other = await makeProject(server, { lead, client: otherClient });
    expect((await link(admin, cure, other.taskId)).json().error).toBe(SCHEDULE_MESSAGES.notInProject);
  });

  it('saves a baseline and shows each task’s slip against it', async () => {
    const saved = await call('POST', `${scheduleUrl()}/baseline`, manager);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().schedule.baselineSavedAt).not.toBeNull();
    expect(await taskOf(cure)).toMatchObject({ endDate: '2099-03-19', baselineEnd: '2099-03-19' });
    await call('PUT', `/api/projects/${project.id}/phases/${project.phaseId}/tasks/${pour}`, admin, {
      endDate: '2099-03-13',
    });
    // Two days' slip: the reader works it out from the end and the baseline end.
    expect(await taskOf(cure)).toMatchObject({
      startDate: '2099-03-15',
      endDate: '2099-03-21',
      baselineEnd: '2099-03-19',
    });
  });

  it('lets the client read their own project’s schedule only, and only staff who edit tasks change it', async () => {
    const read = await call('GET', scheduleUrl(), client);
    expect(read.statusCode).toBe(200);
    expect(read.json().schedule).toMatchObject({ canLink: false, canSaveBaseline: false });
    expect((await call('GET', scheduleUrl(), otherClient)).statusCode).toBe(404);
    expect((await call('GET', scheduleUrl(), vendorLike)).statusCode).toBe(404);
    expect((await link(client, dig, cure)).statusCode).toBe(403);
    expect((await link(engineer, dig, cure)).statusCode).toBe(403);
    expect((await call('POST', `${scheduleUrl()}/baseline`, engineer)).statusCode).toBe(403);
    expect((await call('GET', scheduleUrl(), manager)).json().schedule).toMatchObject({
      canLink: false,
      canSaveBaseline: true,
    });
  });

  it('exports the schedule as CSV and as an A3 landscape print, the notes for staff only', async () => {
    const note = 'Crane booked for the 14th, confirm with Dangote';
    const noted = await call(
      'PUT',
      `/api/projects/${project.id}/phases/${project.phaseId}/tasks/${cure}`,
      admin,
      {
        notes: note,
      },
    );
    expect(noted.statusCode, noted.body).toBe(200);

    const csv = await call('GET', `${scheduleUrl()}/export`, lead);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="schedule-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Phase","Task","Assigned to","Start","End","Days","Progress (%)","Early start","Early finish",' +
        '"Late start","Late finish","Total float (days)","Critical","Baseline start","Baseline end",' +
        '"Slip (days)","Waits for","Notes"',
    );
    const cureLine = lines.find((line) => line.includes('"Cure"'));
    expect(cureLine).toBe(
      '"Foundation","Cure","","2099-03-15","2099-03-21","7","0","2099-03-15","2099-03-21","2099-03-15",' +
        `"2099-03-21","0","Yes","2099-03-13","2099-03-19","2","Pour footings (Finish to start, lag 1 d)","${note}"`,
    );
    // Every task of the project, the undated ones too.
    expect(lines).toHaveLength(1 + (await call('GET', scheduleUrl(), admin)).json().schedule.tasks.length);

    const clientCsv = await call('GET', `${scheduleUrl()}/export`, client);
    expect(clientCsv.statusCode).toBe(200);
    expect(clientCsv.body).toContain('"Cure"');
    expect(clientCsv.body).not.toContain('"Notes"');
    expect(clientCsv.body).not.toContain(note);

    const pdf = await call('GET', `${scheduleUrl()}/pdf`, admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /filename="schedule-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const printed = await readPdf(pdf.rawPayload);
    expect(printed.title).toBe(`Schedule: ${project.title}`);
    expect(printed.pages[0]!.size).toEqual({ width: 1190.55, height: 841.89 });
    const texts = printed.pages.flatMap((page) => page.texts);
    expect(texts).toEqual(
      expect.arrayContaining(['Foundation', 'Dig foundations', 'Cure', 'Critical', '+2 d', note]),
    );
    expect(texts).toContain('15 Mar 2099');

    const clientPdf = await readPdf((await call('GET', `${scheduleUrl()}/pdf`, client)).rawPayload);
    expect(clientPdf.pages.flatMap((page) => page.texts)).toContain('Cure');
    expect(clientPdf.pages.flatMap((page) => page.texts)).not.toContain(note);

    for (const url of [`${scheduleUrl()}/export`, `${scheduleUrl()}/pdf`]) {
      expect((await call('GET', url, otherClient)).statusCode, url).toBe(404);
      expect((await call('GET', url, vendorLike)).statusCode, url).toBe(404);
      expect((await call('GET', url.replace(project.id, crypto.randomUUID()), admin)).statusCode, url).toBe(
        404,
      );
    }
  });

  it('removes a link without moving the tasks back', async () => {
    const { links } = (await call('GET', scheduleUrl(), admin)).json().schedule;
    const removed = await call('DELETE', `${scheduleUrl()}/links/${links[0].id}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `${scheduleUrl()}/links/${links[0].id}`, admin)).statusCode).toBe(404);
    expect(await taskOf(pour)).toMatchObject({ startDate: '2099-03-10' });
  });

  it('lists the tasks starting, due or late in the look-ahead, for staff only', async () => {
    // A task due a month ago and not begun: late in the look-ahead, and on the schedule its work is not
    // in the past: it starts today at the earliest and takes its eleven days from then.
    const daysAgo = (days: number) =>
      new Date(Date.now() + 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
    const overdue = await addTask('Clear the site', daysAgo(40), daysAgo(30));
    expect(await taskOf(overdue)).toMatchObject({
      startDate: daysAgo(40),
      endDate: daysAgo(30),
      earlyStart: daysAgo(0),
      earlyFinish: daysAgo(-10),
    });
    const ahead = await call('GET', '/api/schedule/look-ahead?days=14', lead);
    expect(ahead.statusCode, ahead.body).toBe(200);
    const answer = ahead.json();
    expect(answer.to).toBe(
      new Date(Date.parse(`${answer.from}T00:00:00Z`) + 13 * 86_400_000).toISOString().slice(0, 10),
    );
    // The overdue task of the project they lead is late; the March 2099 ones are not in the window.
    const late = answer.tasks.filter((task: { projectId: string }) => task.projectId === project.id);
    expect(late.map((task: { id: string; reason: string }) => [task.id, task.reason])).toEqual([
      [overdue, 'late'],
    ]);
    // Site staff see their own projects' tasks; those who run every project see them all.
    const stranger = await server.user('team_member');
    const theirs = (await call('GET', '/api/schedule/look-ahead', stranger)).json().tasks;
    expect(theirs.filter((task: { projectId: string }) => task.projectId === project.id)).toEqual([]);
    const managed = (await call('GET', '/api/schedule/look-ahead', manager)).json().tasks;
    expect(managed.some((task: { projectId: string }) => task.projectId === project.id)).toBe(true);
    expect((await call('GET', '/api/schedule/look-ahead?days=0', engineer)).statusCode).toBe(400);
    expect((await call('GET', '/api/schedule/look-ahead', client)).statusCode).toBe(403);
  });
});
