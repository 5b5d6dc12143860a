import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProject, buildUser, uuid } from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { renderRoutes, renderWithProviders } from '../../../test/render.tsx';
import { ProjectCreator } from './project-creator.tsx';
import { ProjectEditor } from './project-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = buildUser({ role: 'admin' });
const lead = buildUser({ id: uuid(), name: 'Emeka Nwosu', role: 'project_lead' });
const architect = buildUser({ id: uuid(), name: 'Funmi Adeyemi', role: 'architect' });
const engineer = buildUser({ id: uuid(), name: 'Yusuf Abdullahi', role: 'team_member' });
const surveyor = buildUser({ id: uuid(), name: 'Ibrahim Musa', role: 'quantity_surveyor' });
const client = buildUser({ id: uuid(), name: 'Olumide Balogun', role: 'client' });

function people(call: RecordedCall): Response | null {
  if (call.path.startsWith('/users/staff')) {
    return jsonResponse(200, {
      success: true,
      users: [lead, architect, engineer, surveyor],
      pagination: null,
    });
  }
  if (call.path.startsWith('/users/clients')) {
    return jsonResponse(200, { success: true, users: [client], pagination: null });
  }
  return null;
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

async function fillRequiredText() {
  await userEvent.type(await screen.findByLabelText('Title'), 'Lekki Pearl');
  await userEvent.type(screen.getByLabelText('Description'), 'Twelve apartments');
  await userEvent.type(screen.getByLabelText('Location'), 'Lekki, Lagos');
  await userEvent.type(screen.getByLabelText('Start Date'), '2025-03-01');
  await userEvent.type(screen.getByLabelText('End Date'), '2026-06-30');
  await userEvent.type(screen.getByLabelText('Budget'), '1450000000');
}

describe('ProjectCreator', () => {
  it('offers leads by role, clients, the five categories, and team members not yet chosen', async () => {
    mockFetch((call) => people(call) ?? jsonResponse(404, {}));
    renderWithProviders(<ProjectCreator />, { user: admin });
    const leadSelect = await screen.findByLabelText('Project Lead');
    expect(optionTexts(leadSelect)).toEqual(['Select a project lead', 'Emeka Nwosu', 'Funmi Adeyemi']);
    expect(within(leadSelect).getByRole('group', { name: 'Architect' })).toHaveTextContent('Funmi Adeyemi');
    expect(optionTexts(screen.getByLabelText('Client'))).toEqual(['Select a client', 'Olumide Balogun']);
    expect(optionTexts(screen.getByLabelText('Category'))).toEqual([
      'Select a category',
      'Commercial',
      'Residential',
      'Industrial',
      'Educational',
      'Government',
    ]);

    const team = screen.getByLabelText('Team Members');
    await userEvent.selectOptions(team, engineer.id);
    expect(optionTexts(team)).not.toContain('Yusuf Abdullahi');
    const chosen = screen.getByRole('list', { name: 'Chosen team members' });
    expect(chosen).toHaveTextContent('Yusuf Abdullahi');
    await userEvent.click(within(chosen).getByRole('button', { name: 'Remove Yusuf Abdullahi' }));
    expect(optionTexts(team)).toContain('Yusuf Abdullahi');
    expect(screen.queryByRole('list', { name: 'Chosen team members' })).not.toBeInTheDocument();
  });

  it.each([
    ['Category Required', 'Please select a project category.', []],
    ['Project Lead Required', 'Please select a project lead.', ['category']],
    ['Client Required', 'Please select a client.', ['category', 'lead']],
  ])("toasts '%s' / '%s' and sends nothing", async (title, message, chosen) => {
    const { calls } = mockFetch((call) => people(call) ?? jsonResponse(500, {}));
    renderWithProviders(<ProjectCreator />, { user: admin });
    await fillRequiredText();
    if (chosen.includes('category'))
      await userEvent.selectOptions(screen.getByLabelText('Category'), 'Commercial');
    if (chosen.includes('lead'))
      await userEvent.selectOptions(screen.getByLabelText('Project Lead'), lead.id);
    await userEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows field errors for empty required fields', async () => {
    mockFetch((call) => people(call) ?? jsonResponse(500, {}));
    renderWithProviders(<ProjectCreator />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByText('Budget is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  });

  it('creates the project with numbers and ids, then opens it', async () => {
    const created = buildProject({ id: uuid(), title: 'Lekki Pearl' });
    const { calls } = mockFetch(
      (call) => people(call) ?? jsonResponse(201, { success: true, project: created }),
    );
    const { router } = renderRoutes([{ path: '*', element: <ProjectCreator /> }], {
      user: admin,
      at: '/projects/new',
    });
    await fillRequiredText();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Residential');
    await userEvent.selectOptions(screen.getByLabelText('Project Lead'), lead.id);
    await userEvent.selectOptions(screen.getByLabelText('Client'), client.id);
    await userEvent.selectOptions(screen.getByLabelText('Team Members'), engineer.id);
    await userEvent.click(screen.getByRole('button', { name: 'Create Project' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${created.id}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Lekki Pearl',
      description: 'Twelve apartments',
      location: 'Lekki, Lagos',
      category: 'Residential',
      startDate: '2025-03-01',
      endDate: '2026-06-30',
      budget: 1450000000,
      projectLeadId: lead.id,
      clientId: client.id,
      teamMemberIds: [engineer.id],
    });
  });

  it("toasts 'Error creating project' / 'Please try again.' when the server fails", async () => {
    mockFetch(
      (call) => people(call) ?? jsonResponse(500, { success: false, error: 'boom', code: 'INTERNAL_ERROR' }),
    );
    renderWithProviders(<ProjectCreator />, { user: admin });
    await fillRequiredText();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Residential');
    await userEvent.selectOptions(screen.getByLabelText('Project Lead'), lead.id);
    await userEvent.selectOptions(screen.getByLabelText('Client'), client.id);
    await userEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Error creating project')).toBeInTheDocument();
    expect(screen.getByText('Please try again.')).toBeInTheDocument();
  });

  it("toasts 'Error loading data' when staff or clients cannot be loaded", async () => {
    mockFetch((call) =>
      call.path.startsWith('/users/clients')
        ? jsonResponse(500, { success: false, error: 'down', code: 'INTERNAL_ERROR' })
        : (people(call) ?? jsonResponse(500, {})),
    );
    renderWithProviders(<ProjectCreator />, { user: admin });
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
    expect(
      screen.getByText('Failed to load staff and client data. Please refresh the page.'),
    ).toBeInTheDocument();
  });
});

describe('ProjectEditor', () => {
  const project = buildProject({
    id: uuid(),
    title: 'Maitama Office',
    category: 'Commercial',
    status: 'in_progress',
    budget: 2_800_000_000,
    spent: 1_050_000_000,
    progress: 63,
    projectLeadId: lead.id,
    projectLead: { id: lead.id, name: lead.name },
    clientId: client.id,
    client: { id: client.id, name: client.name },
    teamMembers: [
      {
        id: engineer.id,
        userId: engineer.id,
        user: { id: engineer.id, name: engineer.name, role: 'team_member' },
      },
    ],
  });
  const answer = (call: RecordedCall) =>
    people(call) ??
    (call.method === 'PUT'
      ? jsonResponse(200, { success: true, project: { ...project, status: 'on_hold' } })
      : jsonResponse(200, { success: true, project }));

  it('fills the form, omits architects from the lead choices, and saves status, spent and progress', async () => {
    const { calls } = mockFetch(answer);
    const { router } = renderRoutes([{ path: '*', element: <ProjectEditor projectId={project.id} /> }], {
      user: admin,
      at: `/projects/${project.id}/edit`,
    });
    expect(await screen.findByLabelText('Title')).toHaveValue('Maitama Office');
    expect(optionTexts(screen.getByLabelText('Project Lead'))).toEqual([
      'Select a project lead',
      'Emeka Nwosu',
    ]);
    expect(screen.getByRole('list', { name: 'Chosen team members' })).toHaveTextContent('Yusuf Abdullahi');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'on_hold');
    await userEvent.clear(screen.getByLabelText('Spent'));
    await userEvent.type(screen.getByLabelText('Spent'), '1100000000');
    await userEvent.clear(screen.getByLabelText('Progress'));
    await userEvent.type(screen.getByLabelText('Progress'), '70.4');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${project.id}`));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      status: 'on_hold',
      spent: 1100000000,
      progress: 70,
      budget: 2800000000,
      projectLeadId: lead.id,
      clientId: client.id,
      teamMemberIds: [engineer.id],
    });
  });

  it('shows a worked-out spent as read only, naming what was typed before the first order', async () => {
    const tracked = { ...project, spentDerived: true, spent: 612_785_000, spentBeforeTracking: 612_500_000 };
    mockFetch((call) => people(call) ?? jsonResponse(200, { success: true, project: tracked }));
    renderWithProviders(<ProjectEditor projectId={project.id} />, { user: admin });
    expect(await screen.findByLabelText('Spent')).toHaveValue(612785000);
    expect(screen.getByLabelText('Spent')).toHaveAttribute('readonly');
    expect(
      screen.getByText(
        "Worked out: ₦612,500,000.00 spent before the first order or stock issue, plus payments and stock issued since (see the project's costs).",
      ),
    ).toBeInTheDocument();
  });

  it('refuses progress outside 0 to 100', async () => {
    const { calls } = mockFetch(answer);
    renderWithProviders(<ProjectEditor projectId={project.id} />, { user: admin });
    const progress = await screen.findByLabelText('Progress');
    await userEvent.clear(progress);
    await userEvent.type(progress, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Progress must be from 0 to 100')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("toasts 'Error updating project' when saving fails", async () => {
    mockFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(500, { success: false, error: 'x', code: 'INTERNAL_ERROR' })
        : answer(call),
    );
    renderWithProviders(<ProjectEditor projectId={project.id} />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error updating project')).toBeInTheDocument();
  });

  it("says 'Project not found or you don't have access.' and goes to /projects on 404", async () => {
    mockFetch(() => jsonResponse(404, { success: false, error: 'Project not found', code: 'NOT_FOUND' }));
    const { router } = renderRoutes([{ path: '*', element: <ProjectEditor projectId="missing" /> }], {
      user: admin,
      at: '/projects/missing/edit',
    });
    expect(await screen.findByText("Project not found or you don't have access.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('tells people who may not edit the project so, without a form', async () => {
    mockFetch(answer);
    renderWithProviders(<ProjectEditor projectId={project.id} />, {
      user: buildUser({ role: 'team_member' }),
    });
    expect(await screen.findByText("You don't have permission to edit this project.")).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });
});
