import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildAttachment,
  buildPhase,
  buildProject,
  buildTask,
  buildUser,
  uuid,
} from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PhaseEditScreen } from './phase-edit-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const engineer = buildUser({ id: uuid(), name: 'Yusuf Abdullahi', role: 'team_member' });
const blessing = buildUser({ id: uuid(), name: 'Blessing Okoro', role: 'team_member' });
const photo = buildAttachment({ originalName: 'slab.jpg' });
const ownTask = buildTask({
  name: 'Columns',
  assignedTo: engineer.name,
  assignedToId: engineer.id,
  progress: 25,
  notes: 'Formwork up',
  startDate: '2025-01-01',
  endDate: '2025-02-01',
  attachments: [photo],
});
const otherTask = buildTask({
  name: 'Roof slab',
  assignedTo: blessing.name,
  assignedToId: blessing.id,
  progress: 0,
});
const phase = buildPhase({ name: 'Superstructure', customLabel: 'Frame', tasks: [ownTask, otherTask] });
const project = buildProject({ phases: [phase] });

function staffAnswer(call: RecordedCall) {
  if (!call.path.startsWith('/users/staff')) return null;
  const users = call.path.includes('role=team_member') ? [engineer, blessing] : [];
  return jsonResponse(200, { success: true, users, pagination: null });
}

function openEditor(user: UserDto, answer: (call: RecordedCall) => Response, at = project) {
  const fetch = mockFetch((call) => staffAnswer(call) ?? answer(call));
  const rendered = renderRoutes(
    [
      {
        path: '/projects/:projectId/phases/:phaseName/edit',
        element: (
          <PhaseEditScreen
            project={at as ProjectDto}
            phaseName="Superstructure"
            onViewAttachment={() => {}}
            renderThumbnail={(attachment) => <span>{attachment.originalName}</span>}
          />
        ),
      },
      { path: '/projects/:id', element: <p>Project page</p> },
    ],
    { user, at: `/projects/${at.id}/phases/Superstructure/edit` },
  );
  return { ...fetch, ...rendered };
}

const task = (n: number) => screen.getByRole('group', { name: new RegExp(`^Task ${n}`) });
const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);
const ok = (call: RecordedCall) => {
  if (call.method === 'POST' && call.path.endsWith('/tasks')) {
    return jsonResponse(201, { success: true, task: buildTask({ id: 'new-task-id' }) });
  }
  return jsonResponse(200, { success: true });
};

describe('PhaseEditor', () => {
  it('lets full task editors change everything, and saves label, tasks, then attachments, in that order', async () => {
    const { calls, router } = openEditor(buildUser({ role: 'admin' }), (call) =>
      call.path.endsWith('/attachments') && call.method === 'POST'
        ? jsonResponse(413, { success: false, error: 'File too large', code: 'PAYLOAD_TOO_LARGE' })
        : ok(call),
    );
    const label = screen.getByLabelText('Phase label');
    await userEvent.clear(label);
    await userEvent.type(label, 'Frame and Slabs');

    await waitFor(() =>
      expect(within(task(1)).getByLabelText('Assigned to')).toHaveTextContent('Blessing Okoro'),
    );
    await userEvent.selectOptions(within(task(1)).getByLabelText('Assigned to'), blessing.id);
    await userEvent.click(within(task(1)).getByRole('button', { name: 'Remove slab.jpg' }));
    await userEvent.upload(
      within(task(1)).getByLabelText('Add attachments'),
      new File(['x'], 'rebar.png', { type: 'image/png' }),
    );
    expect(within(task(1)).getByText('rebar.png')).toBeInTheDocument();
    expect(within(task(1)).getByText('new')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete task 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    await userEvent.type(within(task(2)).getByLabelText('Task name'), 'Staircase');
    await userEvent.selectOptions(within(task(2)).getByLabelText('Progress'), '50');

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${project.id}`));

    const base = `/projects/${project.id}/phases/${phase.id}`;
    expect(writes(calls)).toEqual([
      `PUT ${base}`,
      `DELETE ${base}/tasks/${otherTask.id}`,
      `PUT ${base}/tasks/${ownTask.id}`,
      `POST ${base}/tasks`,
      `DELETE ${base}/tasks/${ownTask.id}/attachments/${photo.id}`,
      `POST ${base}/tasks/${ownTask.id}/attachments`,
    ]);
    const bodies = calls.filter((call) => call.method !== 'GET').map((call) => call.body);
    expect(bodies[0]).toEqual({ customLabel: 'Frame and Slabs' });
    expect(bodies[2]).toEqual({ assignedTo: blessing.id });
    expect(bodies[3]).toEqual({
      name: 'Staircase',
      assignedTo: null,
      progress: 50,
      notes: null,
      startDate: null,
      endDate: null,
    });
    const upload = bodies[5] as FormData;
    expect(upload.getAll('attachments').map((file) => (file as File).name)).toEqual(['rebar.png']);
    expect(await screen.findByText('Attachment Upload Warning')).toBeInTheDocument();
    expect(screen.getByText(/rebar\.png.*The task was saved\./)).toBeInTheDocument();
  }, 15_000);

  it("says 'Phase Updated' when everything saved", async () => {
    const { router } = openEditor(buildUser({ role: 'quantity_surveyor' }), ok);
    await userEvent.type(within(task(2)).getByLabelText('Notes'), 'Props ordered');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Phase Updated')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/projects/${project.id}`);
  });

  it('lets the assignee change only notes, progress and attachments of their own task', async () => {
    const { calls } = openEditor(engineer, ok);
    expect(screen.getByLabelText('Phase label')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete task/ })).not.toBeInTheDocument();

    const mine = within(task(1));
    expect(mine.getByLabelText('Task name')).toBeDisabled();
    expect(mine.getByLabelText('Assigned to')).toBeDisabled();
    expect(mine.getByLabelText('Start date')).toBeDisabled();
    expect(mine.getByLabelText('End date')).toBeDisabled();
    expect(mine.getByLabelText('Notes')).toBeEnabled();
    expect(mine.getByLabelText('Progress')).toBeEnabled();
    expect(mine.getByLabelText('Add attachments')).toBeInTheDocument();

    const theirs = within(task(2));
    expect(theirs.getByLabelText('Notes')).toBeDisabled();
    expect(theirs.getByLabelText('Progress')).toBeDisabled();
    expect(theirs.queryByLabelText('Add attachments')).not.toBeInTheDocument();

    await userEvent.selectOptions(mine.getByLabelText('Progress'), '75');
    await userEvent.type(mine.getByLabelText('Notes'), '; concrete poured');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Phase Updated');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/projects/${project.id}/phases/${phase.id}/tasks/${ownTask.id}`,
        body: { progress: 75, notes: 'Formwork up; concrete poured' },
      }),
    ]);
    // Assignees cannot look staff up: the list is not asked for.
    expect(calls.some((call) => call.path.startsWith('/users/staff'))).toBe(false);
  });

  it('shares a saved file with the client, and new files when chosen, on Save', async () => {
    const { calls } = openEditor(engineer, ok);
    const mine = within(task(1));
    const toggle = mine.getByRole('button', { name: 'Client can see slab.jpg' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.upload(
      mine.getByLabelText('Add attachments'),
      new File(['plan'], 'plan.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(mine.getByLabelText('The client can see the new files'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Phase Updated');
    const attachments = `/projects/${project.id}/phases/${phase.id}/tasks/${ownTask.id}/attachments`;
    expect(writes(calls)).toEqual([`PUT ${attachments}/${photo.id}`, `POST ${attachments}`]);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ isClientVisible: true });
    const sent = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(sent.get('isClientVisible')).toBe('true');
  });

  it('shows the tasks as text, without fields or Save, to people with nothing to change', () => {
    openEditor(buildUser({ role: 'store_keeper' }), ok);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Project' })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
    const columns = screen.getByRole('listitem', { name: 'Columns' });
    expect(columns).toHaveTextContent('Yusuf Abdullahi');
    expect(columns).toHaveTextContent('25%');
    expect(columns).toHaveTextContent('Formwork up');
    expect(within(columns).getByRole('button', { name: /View slab.jpg/ })).toBeInTheDocument();
    expect(within(columns).queryByRole('button', { name: 'Remove slab.jpg' })).not.toBeInTheDocument();
  });

  it('marks unfinished tasks whose end date has passed as overdue', () => {
    openEditor(buildUser({ role: 'store_keeper' }), ok);
    expect(screen.getByRole('listitem', { name: 'Columns' })).toHaveTextContent('Overdue');
    expect(screen.getByRole('listitem', { name: 'Roof slab' })).not.toHaveTextContent('Overdue');
  });

  it("stops at the first failure with 'Error Saving Phase' and the server's message", async () => {
    const { calls, router } = openEditor(buildUser({ role: 'admin' }), (call) =>
      call.method === 'PUT' && call.path.includes('/tasks/')
        ? jsonResponse(400, {
            success: false,
            error: 'End date must be a date (YYYY-MM-DD)',
            code: 'VALIDATION_ERROR',
          })
        : ok(call),
    );
    await userEvent.type(within(task(1)).getByLabelText('Notes'), '!');
    await userEvent.upload(
      within(task(1)).getByLabelText('Add attachments'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error Saving Phase')).toBeInTheDocument();
    expect(screen.getByText('End date must be a date (YYYY-MM-DD)')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/attachments'))).toBe(false);
    expect(router.state.location.pathname).toContain('/phases/');
  });

  it("falls back to 'An unexpected error occurred. Please try again.' without a server message", async () => {
    openEditor(buildUser({ role: 'admin' }), (call) => {
      if (call.method === 'PUT') throw new TypeError('Failed to fetch');
      return ok(call);
    });
    await userEvent.type(within(task(2)).getByLabelText('Notes'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('refuses a task without a name before sending anything', async () => {
    const { calls } = openEditor(buildUser({ role: 'admin' }), ok);
    await userEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Task name is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it("says 'Phase not found' and returns to the project when the phase does not exist", async () => {
    const { router } = openEditor(buildUser({ role: 'admin' }), ok, { ...project, phases: [] });
    expect(await screen.findByText('Phase not found')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${project.id}`));
  });
});
