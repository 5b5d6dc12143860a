import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELETE_PHASE_CONFIRMATION } from '@trowel/shared/projects/project.constants.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPhase, buildProject, buildTask, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PhasesCard } from './phases-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const foundation = buildPhase({
  name: 'Foundation',
  status: 'in_progress',
  progress: 50,
  tasks: [buildTask(), buildTask()],
});
const frame = buildPhase({ name: 'Superstructure', customLabel: 'Frame & Slabs', status: 'not_started' });
const project = buildProject({ phases: [foundation, frame] });
const admin = buildUser({ role: 'admin' });

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

function renderCard(answer: (call: RecordedCall) => Response = () => jsonResponse(200, { success: true })) {
  const fetch = mockFetch(answer);
  renderWithProviders(<PhasesCard project={project} canManage />, { user: admin });
  return fetch;
}

describe('PhasesCard', () => {
  it('lists phases by label with uppercase status, progress and a tasks link by phase name', () => {
    mockFetch(() => jsonResponse(200, {}));
    renderWithProviders(<PhasesCard project={project} canManage={false} />, { user: buildUser() });
    expect(screen.getByRole('region', { name: 'Phases' })).toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: 'Frame & Slabs' });
    expect(row).toHaveTextContent('NOT STARTED');
    expect(row).toHaveTextContent('Phase: Superstructure');
    expect(within(row).getByRole('link', { name: 'Manage Tasks' })).toHaveAttribute(
      'href',
      `/projects/${project.id}/phases/Superstructure/edit`,
    );
    const first = screen.getByRole('listitem', { name: 'Foundation' });
    expect(first).toHaveTextContent('IN PROGRESS');
    expect(first).toHaveTextContent('2 tasks');
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByLabelText('Phase name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rename|Delete/ })).not.toBeInTheDocument();
  });

  it("refuses an empty name with 'Phase name cannot be empty'", async () => {
    const { calls } = renderCard();
    await userEvent.type(screen.getByLabelText('Phase name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Phase' }));
    expect(await screen.findByText('Phase name cannot be empty')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  it("refuses a name or label already used, with 'Phase already exists'", async () => {
    const { calls } = renderCard();
    await userEvent.type(screen.getByLabelText('Phase name'), 'frame & slabs');
    await userEvent.click(screen.getByRole('button', { name: 'Add Phase' }));
    expect(await screen.findByText('Phase already exists')).toBeInTheDocument();
    expect(screen.getByText('A phase with this name or label already exists.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  it("adds a phase with its optional label and says 'Phase Added'", async () => {
    const { calls } = renderCard(() =>
      jsonResponse(201, { success: true, phase: buildPhase({ name: 'Roofing' }) }),
    );
    await userEvent.type(screen.getByLabelText('Phase name'), ' Roofing ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Phase' }));
    expect(await screen.findByText('Phase Added')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/projects/${project.id}/phases`,
        body: { name: 'Roofing', customLabel: null },
      }),
    ]);
    expect(screen.getByLabelText('Phase name')).toHaveValue('');
  });

  it.each([
    [409, 'Phase already exists'],
    [500, 'Failed to Add Phase'],
  ])('reports a refused addition (%i) as %s', async (status, title) => {
    renderCard(() =>
      jsonResponse(status, {
        success: false,
        error: 'A phase with this name or label already exists.',
        code: 'CONFLICT',
      }),
    );
    await userEvent.type(screen.getByLabelText('Phase name'), 'Roofing');
    await userEvent.type(screen.getByLabelText('Phase label (optional)'), 'Roof');
    await userEvent.click(screen.getByRole('button', { name: 'Add Phase' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
  });

  it("renames a label inline: empty is refused, Cancel keeps it, Save says 'Phase Updated'", async () => {
    const { calls } = renderCard(() => jsonResponse(200, { success: true, phase: foundation }));
    await userEvent.click(screen.getByRole('button', { name: 'Rename Foundation' }));
    const input = screen.getByLabelText('Phase label');
    expect(input).toHaveValue('Foundation');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phase label cannot be empty')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Phase label')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Rename Foundation' }));
    await userEvent.clear(screen.getByLabelText('Phase label'));
    await userEvent.type(screen.getByLabelText('Phase label'), 'Substructure');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phase Updated')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/projects/${project.id}/phases/${foundation.id}`,
        body: { customLabel: 'Substructure' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByLabelText('Phase label')).not.toBeInTheDocument());
  });

  it("reports 'Failed to Update Phase' with the server's message", async () => {
    renderCard(() =>
      jsonResponse(409, {
        success: false,
        error: 'A phase with this name or label already exists.',
        code: 'CONFLICT',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rename Foundation' }));
    await userEvent.type(screen.getByLabelText('Phase label'), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to Update Phase')).toBeInTheDocument();
    expect(screen.getByText('A phase with this name or label already exists.')).toBeInTheDocument();
  });

  it("asks before deleting with the exact warning, then says 'Phase Deleted'", async () => {
    const { calls } = renderCard(() => jsonResponse(200, { success: true, message: 'Phase deleted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Frame & Slabs' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(DELETE_PHASE_CONFIRMATION('Frame & Slabs'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Phase Deleted')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/projects/${project.id}/phases/${frame.id}` }),
    ]);
  });

  it("reports 'Failed to Delete Phase'", async () => {
    renderCard(() =>
      jsonResponse(500, { success: false, error: 'Database unavailable', code: 'INTERNAL_ERROR' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Foundation' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to Delete Phase')).toBeInTheDocument();
  });
});
