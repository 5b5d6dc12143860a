import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DELETED_MESSAGE,
  UNKNOWN_USER,
  type DailyLogDto,
} from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAttachment, buildDailyLog, buildReply, buildUser, uuid } from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { stubIntersectionObserver } from '../../../test/intersection.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubXhr } from '../../../test/xhr.ts';
import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { discardItem, startOutbox, stopOutbox } from '../../../lib/outbox/outbox.ts';
import { readItems } from '../../../lib/outbox/outbox-store.ts';
import { DailyLogBoard } from './daily-log-board.tsx';
import { lagosToday } from './date-range.ts';

const initialWidth = window.innerWidth;
afterEach(() => {
  vi.unstubAllGlobals();
  window.innerWidth = initialWidth;
});

const lekki = { id: uuid(), title: 'Lekki Pearl Apartments' };
const ikoyi = { id: uuid(), title: 'Ikoyi Duplex' };
const author = buildUser({ id: 'user-author', name: 'Emeka Nwosu', role: 'project_lead' });

function listAnswer(
  dailyLogs: DailyLogDto[],
  nextCursor: string | null = null,
  totalItems = dailyLogs.length,
) {
  return jsonResponse(200, {
    success: true,
    dailyLogs,
    pagination: { currentPage: 1, totalItems, itemsPerPage: 12, hasNext: nextCursor !== null, nextCursor },
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('/daily-logs?'))
    .map((call) => call.path);

function open(user: UserDto, logs: () => DailyLogDto[], at = '/daily-log') {
  const http = mockFetch((call) => (call.method === 'GET' ? listAnswer(logs()) : jsonResponse(404, {})));
  const view = renderWithProviders(<DailyLogBoard projects={[lekki, ikoyi]} />, {
    user,
    at,
    path: '/daily-log',
  });
  return { ...http, ...view };
}

const logCard = (title: string) => screen.getByRole('article', { name: title });

describe('DailyLogBoard: the list', () => {
  it('shows type badges, CLIENT VISIBLE, author with role, files and nested replies', async () => {
    const nested = buildReply({
      message: 'Second coat tomorrow.',
      user: { id: 'u9', name: 'Ada Obi', role: null },
    });
    const reply = buildReply({ message: 'Please share photos.', replies: [nested] });
    open(author, () => [
      buildDailyLog({
        title: 'Roof slab cast',
        type: 'milestone',
        isClientVisible: true,
        message: 'Level 3 roof slab was cast today.',
        attachments: [buildAttachment({ originalName: 'slab.jpg' })],
        replies: [reply],
      }),
      buildDailyLog({ title: '', type: 'issue', isClientVisible: false }),
      buildDailyLog({ title: 'Old entry', type: 'progress', user: { id: null, name: '', role: null } }),
    ]);

    const milestone = await screen.findByRole('article', { name: 'Roof slab cast' });
    expect(within(milestone).getByText('Milestone')).toBeInTheDocument();
    expect(within(milestone).getByText('CLIENT VISIBLE')).toBeInTheDocument();
    expect(milestone).toHaveTextContent('Level 3 roof slab was cast today.');
    expect(milestone).toHaveTextContent('Emeka Nwosu · Project Lead');
    expect(within(milestone).getByRole('button', { name: 'View slab.jpg' })).toBeInTheDocument();

    const outer = within(milestone).getByRole('article', { name: 'Reply by Ngozi Eze' });
    expect(outer).toHaveTextContent('Please share photos.');
    const inner = within(outer).getByRole('article', { name: 'Reply by Ada Obi' });
    expect(inner).toHaveTextContent('Second coat tomorrow.');

    // A log without a title is named by its type.
    const issue = logCard('Issue Update');
    expect(within(issue).getByText('Issue')).toBeInTheDocument();
    expect(within(issue).queryByText('CLIENT VISIBLE')).not.toBeInTheDocument();
    const old = logCard('Old entry');
    expect(within(old).getByText('Progress')).toBeInTheDocument();
    expect(old).toHaveTextContent(UNKNOWN_USER);
  });

  it('shows a deleted log or reply as [Message deleted by user], without Reply or Delete', async () => {
    const deletedReply = buildReply({
      isDeleted: true,
      message: 'secret',
      user: { id: author.id, name: author.name, role: null },
    });
    open(author, () => [
      buildDailyLog({
        title: 'Gone',
        isDeleted: true,
        message: 'was here',
        user: { id: author.id, name: author.name, role: 'project_lead' },
      }),
      buildDailyLog({ title: 'Live log', replies: [deletedReply] }),
    ]);
    const deletedLog = await screen.findByRole('article', { name: DELETED_MESSAGE });
    expect(deletedLog).not.toHaveTextContent('was here');
    expect(within(deletedLog).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(within(deletedLog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const reply = within(logCard('Live log')).getByRole('article', { name: `Reply by ${author.name}` });
    expect(reply).toHaveTextContent(DELETED_MESSAGE);
    expect(reply).not.toHaveTextContent('secret');
    expect(within(reply).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers Delete on the user’s own messages only', async () => {
    const mine = buildReply({ message: 'mine', user: { id: author.id, name: author.name, role: null } });
    open(author, () => [
      buildDailyLog({ title: 'My log', user: { id: author.id, name: author.name, role: 'project_lead' } }),
      buildDailyLog({
        title: 'Their log',
        user: { id: 'someone', name: 'Ngozi Eze', role: 'admin' },
        replies: [mine],
      }),
    ]);
    expect(
      within(await screen.findByRole('article', { name: 'My log' })).getByRole('button', { name: 'Delete' }),
    ).toBeInTheDocument();
    const theirs = logCard('Their log');
    expect(within(theirs).getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(
      within(within(theirs).getByRole('article', { name: `Reply by ${author.name}` })).getByRole('button', {
        name: 'Delete',
      }),
    ).toBeInTheDocument();
  });

  it('loads the next page by cursor on scroll (12 a page), then shows the end of the list', async () => {
    const observer = stubIntersectionObserver();
    const first = Array.from({ length: 12 }, (_, index) => buildDailyLog({ title: `Log ${index + 1}` }));
    const { calls } = mockFetch((call) =>
      call.path.includes('cursor=c1')
        ? listAnswer([buildDailyLog({ title: 'Log 13' })], null, 13)
        : listAnswer(first, 'c1', 13),
    );
    renderWithProviders(<DailyLogBoard projects={[lekki]} />, {
      user: author,
      at: '/daily-log',
      path: '/daily-log',
    });
    await screen.findByRole('article', { name: 'Log 12' });
    expect(listCalls(calls)).toEqual(['/daily-logs?page=1&limit=12&sortBy=createdAt&sortOrder=desc']);
    expect(observer.created.at(-1)?.options?.rootMargin).toBe('100px');
    observer.scrollIntoView();
    expect(await screen.findByRole('article', { name: 'Log 13' })).toBeInTheDocument();
    expect(listCalls(calls)[1]).toBe('/daily-logs?page=2&limit=12&sortBy=createdAt&sortOrder=desc&cursor=c1');
    expect(
      screen.getByText("You've reached the end of the list. Showing 13 of 13 logs."),
    ).toBeInTheDocument();
  });

  it('asks for 8 logs a page below 768 px', async () => {
    window.innerWidth = 500;
    const { calls } = open(author, () => []);
    await screen.findByText('No daily logs yet');
    expect(listCalls(calls)[0]).toContain('limit=8');
  });

  it('preselects the project of the address and filters by date range; Clear All resets both', async () => {
    const { calls } = open(author, () => [buildDailyLog()], `/daily-log?projectId=${lekki.id}`);
    await screen.findByRole('article', { name: 'Ground floor blockwork' });
    expect(screen.getByLabelText('Project')).toHaveValue(lekki.id);
    expect(listCalls(calls)[0]).toContain(`projectId=${lekki.id}`);

    await userEvent.selectOptions(screen.getByLabelText('Date Range'), 'today');
    const today = lagosToday(new Date());
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain(`startDate=${today}&endDate=${today}`));

    await userEvent.selectOptions(screen.getByLabelText('Date Range'), 'custom');
    await userEvent.type(screen.getByLabelText('Start Date'), '2025-01-01');
    await userEvent.type(screen.getByLabelText('End Date'), '2025-01-31');
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('startDate=2025-01-01&endDate=2025-01-31'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe('/daily-logs?page=1&limit=12&sortBy=createdAt&sortOrder=desc'),
    );
    expect(screen.getByLabelText('Project')).toHaveValue('');
  });

  it("shows 'Failed to load daily logs' and a toast; Try Again loads again", async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { success: false, error: 'Database unavailable', code: 'INTERNAL_ERROR' })
        : listAnswer([buildDailyLog()]),
    );
    renderWithProviders(<DailyLogBoard projects={[]} />, {
      user: author,
      at: '/daily-log',
      path: '/daily-log',
    });
    expect(await screen.findByText('Failed to load daily logs')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(await screen.findByText('Error loading daily logs')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Ground floor blockwork' })).toBeInTheDocument();
  });
});

describe('DailyLogBoard: clients and empty lists', () => {
  it('hides Add Log from clients and tells them none are shared yet', async () => {
    open(buildUser({ role: 'client' }), () => []);
    expect(await screen.findByText('No daily logs have been shared with you yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add (First )?Log/ })).not.toBeInTheDocument();
  });

  it('lets clients reply on logs shared with them', async () => {
    open(buildUser({ role: 'client' }), () => [buildDailyLog({ title: 'Shared', isClientVisible: true })]);
    const card = await screen.findByRole('article', { name: 'Shared' });
    expect(within(card).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers staff Add First Log, which opens the form', async () => {
    open(author, () => []);
    await userEvent.click(await screen.findByRole('button', { name: 'Add First Log' }));
    expect(screen.getByRole('form', { name: 'Add Daily Log' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Log' })).not.toBeInTheDocument();
  });
});

describe('DailyLogBoard: adding a log', () => {
  async function openForm() {
    await userEvent.click(await screen.findByRole('button', { name: 'Add Log' }));
    return within(screen.getByRole('form', { name: 'Add Daily Log' }));
  }

  /** The author saves a log and the connection drops before an answer arrives. */
  async function postLogThatIsCutOff() {
    const xhr = stubXhr();
    open(author, () => []);
    const form = await openForm();
    await userEvent.selectOptions(form.getByLabelText('Project'), lekki.id);
    await userEvent.type(form.getByLabelText('Title'), 'Pour');
    await userEvent.type(form.getByLabelText('Description'), 'Columns poured.');
    await userEvent.click(form.getByRole('button', { name: 'Save Log' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    xhr[0]!.fail();
    return { xhr, form };
  }

  it('says what is missing with the spec’s titles and messages, in order', async () => {
    const xhr = stubXhr();
    open(author, () => []);
    const form = await openForm();
    const save = form.getByRole('button', { name: 'Save Log' });

    await userEvent.click(save);
    expect(await screen.findByText('Project required')).toBeInTheDocument();
    expect(screen.getByText('Please select a project.')).toBeInTheDocument();
    expect(form.getByLabelText('Project')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(form.getByLabelText('Project'), lekki.id);
    await userEvent.click(save);
    expect(await screen.findByText('Title required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a title.')).toBeInTheDocument();

    // Blank after trimming is still missing.
    await userEvent.type(form.getByLabelText('Title'), '   ');
    await userEvent.click(save);
    await waitFor(() => expect(screen.getAllByText('Title required')).toHaveLength(2));
    await userEvent.type(form.getByLabelText('Title'), 'Slab');
    await userEvent.click(save);
    expect(await screen.findByText('Description required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a description.')).toBeInTheDocument();
    expect(xhr).toHaveLength(0);
  });

  it('sends project, title, description, type, visibility and files with an Idempotency-Key', async () => {
    const xhr = stubXhr();
    let logs: DailyLogDto[] = [];
    open(author, () => logs, `/daily-log?projectId=${ikoyi.id}`);
    const form = await openForm();
    expect(form.getByLabelText('Project')).toHaveValue(ikoyi.id);
    await userEvent.type(form.getByLabelText('Title'), ' Roof slab cast ');
    await userEvent.type(form.getByLabelText('Description'), 'Level 3 slab cast.');
    await userEvent.selectOptions(form.getByLabelText('Type'), 'milestone');
    await userEvent.click(form.getByRole('switch', { name: 'Visible to client' }));
    const plan = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    await userEvent.upload(form.getByLabelText('Attach files'), plan);
    await userEvent.click(form.getByRole('button', { name: 'Save Log' }));

    await waitFor(() => expect(xhr).toHaveLength(1));
    const request = xhr[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/daily-logs');
    expect(request.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const body = request.body!;
    expect(Object.fromEntries([...body.entries()].filter(([name]) => name !== 'files'))).toEqual({
      projectId: ikoyi.id,
      title: 'Roof slab cast',
      message: 'Level 3 slab cast.',
      type: 'milestone',
      isClientVisible: 'true',
    });
    expect((body.getAll('files') as File[]).map((file) => file.name)).toEqual(['plan.pdf']);

    request.progress(50, 100);
    expect(await screen.findByText('50%')).toBeInTheDocument();
    logs = [buildDailyLog({ title: 'Roof slab cast', projectId: ikoyi.id })];
    request.respond(201, { success: true, dailyLog: logs[0] });
    expect(await screen.findByRole('article', { name: 'Roof slab cast' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add Daily Log' })).not.toBeInTheDocument();
  });

  it('alerts that only 5 files may be attached', async () => {
    open(author, () => []);
    const form = await openForm();
    const files = Array.from(
      { length: 6 },
      (_, index) => new File(['x'], `f${index}.pdf`, { type: 'application/pdf' }),
    );
    await userEvent.upload(form.getByLabelText('Attach files'), files);
    expect(await screen.findByText('Only 5 files may be attached.')).toBeInTheDocument();
    expect(within(form.getByRole('list', { name: 'Chosen files' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('after a dropped connection keeps the log in the outbox under the same key, shown as not sent yet, and sends it from there', async () => {
    const { xhr } = await postLogThatIsCutOff();

    expect(await screen.findByText(OUTBOX_MESSAGES.queued)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add Daily Log' })).toBeNull();
    const queued = await screen.findByRole('list', { name: 'Logs not sent yet' });
    expect(within(queued).getByText('Pour')).toBeInTheDocument();
    expect(within(queued).getByText(OUTBOX_MESSAGES.notSentYet)).toBeInTheDocument();
    const [item] = await readItems();
    expect(item?.id).toBe(xhr[0]!.headers['Idempotency-Key']);

    // The outbox sends it again under the key of the attempt that may have reached the server.
    startOutbox(author.id, () => undefined);
    await waitFor(() => expect(xhr).toHaveLength(2));
    expect(xhr[1]!.headers['Idempotency-Key']).toBe(xhr[0]!.headers['Idempotency-Key']);
    expect(xhr[1]!.body!.get('title')).toBe('Pour');
    xhr[1]!.respond(201, { success: true, dailyLog: buildDailyLog({ title: 'Pour' }) });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Logs not sent yet' })).toBeNull());
    stopOutbox();
    await discardItem(item!.id);
  });
});

describe('DailyLogBoard: replies and deletion', () => {
  it("says 'Reply cannot be empty', then answers a reply with its parent id and shows it in the thread", async () => {
    const xhr = stubXhr();
    const reply = buildReply({ message: 'Any photos?' });
    const log = buildDailyLog({ title: 'Slab', replies: [{ ...reply, dailyLogId: 'ignored' }] });
    open(author, () => [log]);
    const replyCard = within(await screen.findByRole('article', { name: 'Slab' })).getByRole('article', {
      name: 'Reply by Ngozi Eze',
    });
    await userEvent.click(within(replyCard).getByRole('button', { name: 'Reply' }));
    await userEvent.click(within(replyCard).getByRole('button', { name: 'Post Reply' }));
    expect(within(replyCard).getByText('Reply cannot be empty')).toBeInTheDocument();
    expect(xhr).toHaveLength(0);

    await userEvent.type(within(replyCard).getByLabelText('Reply to Ngozi Eze'), 'Attached.');
    await userEvent.click(within(replyCard).getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(xhr[0]!.url).toBe(`/api/daily-logs/${log.id}/replies`);
    expect(xhr[0]!.body!.get('parentReplyId')).toBe(reply.id);
    expect(xhr[0]!.body!.get('message')).toBe('Attached.');
    expect(xhr[0]!.headers['Idempotency-Key']).toBeTruthy();

    const answer = buildReply({
      dailyLogId: log.id,
      parentReplyId: reply.id,
      message: 'Attached.',
      user: { id: author.id, name: author.name, role: 'project_lead' },
    });
    xhr[0]!.respond(201, { success: true, reply: answer });
    const nested = await within(replyCard).findByRole('article', { name: `Reply by ${author.name}` });
    expect(nested).toHaveTextContent('Attached.');
  });

  it('shows a reply whose connection dropped in its thread, marked not sent yet, until the outbox sends it', async () => {
    const xhr = stubXhr();
    const log = buildDailyLog({ title: 'Slab' });
    open(author, () => [log]);
    const card = await screen.findByRole('article', { name: 'Slab' });
    await userEvent.click(within(card).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(card).getByLabelText('Reply to Emeka Nwosu'), 'Cover checked.');
    await userEvent.click(within(card).getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    xhr[0]!.fail();

    const queued = await within(card).findByRole('list', { name: 'Replies not sent yet' });
    expect(queued).toHaveTextContent('Cover checked.');
    expect(within(queued).getByText(OUTBOX_MESSAGES.notSentYet)).toBeInTheDocument();
    const [item] = await readItems();
    await discardItem(item!.id);
    await waitFor(() =>
      expect(within(card).queryByRole('list', { name: 'Replies not sent yet' })).toBeNull(),
    );
  });

  it("reports 'Reply Failed' with the server's message", async () => {
    const xhr = stubXhr();
    open(author, () => [buildDailyLog({ title: 'Slab' })]);
    const card = await screen.findByRole('article', { name: 'Slab' });
    await userEvent.click(within(card).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(card).getByLabelText('Reply to Emeka Nwosu'), 'Hello');
    await userEvent.click(within(card).getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    xhr[0]!.respond(404, { success: false, error: 'Daily log not found', code: 'NOT_FOUND' });
    expect(await screen.findByText('Reply Failed')).toBeInTheDocument();
    expect(screen.getByText('Daily log not found')).toBeInTheDocument();
  });

  it('deletes the user’s own log after asking; it then reads [Message deleted by user]', async () => {
    const log = buildDailyLog({
      title: 'Mine',
      user: { id: author.id, name: author.name, role: 'project_lead' },
    });
    let answer = () => jsonResponse(409, { success: false, error: 'Already deleted', code: 'CONFLICT' });
    const { calls } = mockFetch((call) => (call.method === 'DELETE' ? answer() : listAnswer([log])));
    renderWithProviders(<DailyLogBoard projects={[]} />, {
      user: author,
      at: '/daily-log',
      path: '/daily-log',
    });
    const remove = async () => {
      await userEvent.click(
        within(await screen.findByRole('article', { name: 'Mine' })).getByRole('button', { name: 'Delete' }),
      );
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
    };
    await remove();
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('Already deleted')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    answer = () => jsonResponse(200, { success: true, message: 'Daily log deleted' });
    await remove();
    expect(await screen.findByRole('article', { name: DELETED_MESSAGE })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/daily-logs/${log.id}`,
      `/daily-logs/${log.id}`,
    ]);
  });
});
