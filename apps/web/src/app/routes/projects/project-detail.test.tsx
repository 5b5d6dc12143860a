import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildDailyLog,
  buildMediaItem,
  buildPhase,
  buildProject,
  buildUser,
  uuid,
} from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ProjectDetailRoute } from './project-detail.tsx';

afterEach(() => vi.unstubAllGlobals());

const leadId = uuid();
const project = buildProject({
  id: uuid(),
  title: 'Lekki Pearl Apartments',
  status: 'in_progress',
  location: 'Lekki Phase 1, Lagos',
  budget: 1_450_000_000,
  spent: 612_500_000,
  progress: 53,
  projectLeadId: leadId,
  projectLead: { id: leadId, name: 'Emeka Nwosu' },
  teamMembers: [
    { id: 'm1', userId: 'u1', user: { id: 'u1', name: 'Blessing Okoro', role: 'team_member' } },
    { id: 'm2', userId: 'u2', user: { id: 'u2', name: 'Ibrahim Musa', role: 'quantity_surveyor' } },
  ],
  phases: [buildPhase({ name: 'Foundation', status: 'in_progress', progress: 40 })],
});

const noMore = { currentPage: 1, itemsPerPage: 8, hasNext: false, nextCursor: null };

/** The project, and (unless told otherwise) no logs or media for its tabs. */
function projectOr(
  answer: ProjectDto,
  call: RecordedCall,
  tabs: { dailyLogs?: unknown[]; media?: unknown[] } = {},
) {
  const dailyLogs = tabs.dailyLogs ?? [];
  const media = tabs.media ?? [];
  if (call.path.startsWith('/daily-logs/project/')) {
    return jsonResponse(200, {
      success: true,
      dailyLogs,
      pagination: { ...noMore, totalItems: dailyLogs.length },
    });
  }
  if (call.path.includes('/change-orders')) {
    return jsonResponse(200, { success: true, changeOrders: [], pagination: { ...noMore, totalItems: 0 } });
  }
  if (call.path.startsWith('/media/project/')) {
    return jsonResponse(200, { success: true, media, pagination: { ...noMore, totalItems: media.length } });
  }
  return jsonResponse(200, { success: true, project: answer });
}

function open(user: UserDto, answer: ProjectDto = project, query = '') {
  mockFetch((call) => projectOr(answer, call));
  return renderRoutes(
    [
      { path: '/projects/:id', element: <ProjectDetailRoute /> },
      { path: '/projects', element: <p>Project list</p> },
    ],
    { user, at: `/projects/${answer.id}${query}` },
  );
}

describe('ProjectDetailRoute', () => {
  it('shows the header, overview with budget and spending, and Edit Project to editors', async () => {
    open(buildUser({ role: 'admin' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lekki Pearl Apartments' }),
    ).toBeInTheDocument();
    // A short reference, not the raw id.
    expect(screen.getByText(/^PRJ-[0-9A-F]{8}$/)).toHaveAttribute('title', `Project ID ${project.id}`);
    expect(screen.queryByText(project.id, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Projects' })).toHaveAttribute('href', '/projects');
    expect(screen.getByRole('link', { name: 'Edit Project' })).toHaveAttribute(
      'href',
      `/projects/${project.id}/edit`,
    );
    expect(screen.getByText('₦1,450.0M')).toBeInTheDocument();
    expect(screen.getByText('Spent: ₦612.5M (42%)')).toBeInTheDocument();
    expect(screen.getByText('Team Lead: Emeka Nwosu')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '53',
    );
    expect(screen.queryByRole('link', { name: 'Leave a Testimonial' })).not.toBeInTheDocument();
  });

  it('opens on the Daily Log tab and links each tab to its screen for the role', async () => {
    open(buildUser({ role: 'project_manager' }));
    const tabs = await screen.findByRole('tablist', { name: 'Project sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Daily Log', 'Media', 'Budget', 'Change Orders', 'Team']);
    expect(screen.getByRole('tab', { name: 'Daily Log' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'View All / Add' })).toHaveAttribute(
      'href',
      `/daily-log?projectId=${project.id}`,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Media' }));
    expect(await screen.findByRole('link', { name: 'View All / Upload' })).toHaveAttribute(
      'href',
      `/media?projectId=${project.id}`,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Budget' }));
    expect(screen.getByRole('link', { name: 'View Budgets' })).toHaveAttribute(
      'href',
      `/projects/${project.id}/budget`,
    );
    expect(
      screen.getByRole('link', { name: 'Manage Project Financials (Admin/Accountant)' }),
    ).toHaveAttribute('href', `/projects/${project.id}/financials`);
  });

  it('opens on the Change Orders tab a notification links to, for those who read change orders', async () => {
    const client = buildUser({ role: 'client' });
    open(client, { ...project, clientId: client.id }, '?tab=change-orders');
    const tab = await screen.findByRole('tab', { name: 'Change Orders' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No change orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New change order' })).not.toBeInTheDocument();
  });

  it('shows no Change Orders tab to a team member', async () => {
    open(buildUser({ role: 'team_member' }), project, '?tab=change-orders');
    await screen.findByRole('tablist', { name: 'Project sections' });
    expect(screen.queryByRole('tab', { name: 'Change Orders' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Daily Log' })).toHaveAttribute('aria-selected', 'true');
  });

  it("says 'Manage Budgets' to other budget roles and shows no financials link to a project lead", async () => {
    open(buildUser({ id: leadId, role: 'project_lead' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Budget' }));
    expect(screen.getByRole('link', { name: 'Manage Budgets' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Manage Project Financials/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Project' })).toBeInTheDocument();
  });

  it.each([
    ['project_lead', ['Schedule', 'Budgets', 'Costs', 'Material Requests']],
    ['store_keeper', ['Schedule', 'Material Requests']],
    ['accountant', ['Schedule', 'Budgets', 'Costs']],
    ['client', ['Schedule']],
  ] as const)("links a %s to the project's own %j from its header", async (role, labels) => {
    // The lead opens the project they lead.
    open(buildUser({ role, ...(role === 'project_lead' ? { id: leadId } : {}) }));
    await screen.findByRole('heading', { level: 1, name: 'Lekki Pearl Apartments' });
    const nav = screen.queryByRole('navigation', { name: "This project's pages" });
    const links = nav ? within(nav).getAllByRole('link') : [];
    expect(links.map((link) => link.textContent)).toEqual(labels);
    const href = {
      Schedule: `/projects/${project.id}/schedule`,
      Budgets: `/projects/${project.id}/budget`,
      'Material Requests': `/material-requests?projectId=${project.id}`,
    };
    for (const link of links)
      expect(link).toHaveAttribute('href', href[link.textContent as keyof typeof href]);
  });

  it("does not link another project's lead to budgets or costs they may not see", async () => {
    open(buildUser({ role: 'project_lead' }));
    await screen.findByRole('heading', { level: 1, name: 'Lekki Pearl Apartments' });
    const nav = screen.getByRole('navigation', { name: "This project's pages" });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Schedule', 'Material Requests']);
  });

  it('shows the lead and numbered members on the Team tab, counting the lead in the team size', async () => {
    open(buildUser({ role: 'team_member' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Team' }));
    expect(screen.getByText('Team size: 3')).toBeInTheDocument();
    const team = screen.getByRole('list', { name: 'Project team' });
    expect(team).toHaveTextContent(
      /Project Lead.*Emeka Nwosu.*Member #1.*Blessing Okoro.*Member #2.*Ibrahim Musa/,
    );
    expect(screen.queryByRole('link', { name: 'Edit Project' })).not.toBeInTheDocument();
  });

  it('shows clients the project value, a Financials tab and, once completed, Leave a Testimonial', async () => {
    const completed = {
      ...project,
      status: 'completed' as const,
      budget: null,
      spent: null,
      projectValue: 1_450_000_000,
    };
    open(buildUser({ role: 'client' }), completed);
    expect(await screen.findByText('Project Value')).toBeInTheDocument();
    expect(screen.getByText('₦1,450,000,000.00')).toBeInTheDocument();
    expect(screen.queryByText(/Spent:/)).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Financials' })).toHaveAttribute(
      'id',
      expect.stringContaining('client_financials'),
    );
    expect(screen.queryByRole('tab', { name: 'Budget' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leave a Testimonial' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/testimonials\?projectId=/),
    );
    expect(screen.getByRole('link', { name: 'View Tasks' })).toBeInTheDocument();
  });

  it('shows the 5 latest logs and up to 8 media files in their tabs, the files opening in a new tab', async () => {
    const logs = [
      buildDailyLog({
        title: 'Roof slab cast',
        message: 'Level 3 slab cast today.',
        createdAt: '2025-03-10T16:30:00.000Z',
      }),
      buildDailyLog({ title: '', type: 'issue', message: 'Diesel ran out.' }),
    ];
    const photo = buildMediaItem({ originalName: 'slab.jpg' });
    const { calls } = mockFetch((call) => projectOr(project, call, { dailyLogs: logs, media: [photo] }));
    renderRoutes([{ path: '/projects/:id', element: <ProjectDetailRoute /> }], {
      user: buildUser({ role: 'team_member' }),
      at: `/projects/${project.id}`,
    });
    const latest = await screen.findByRole('list', { name: 'Latest daily logs' });
    expect(latest).toHaveTextContent(/Roof slab cast.*10\/03\/2025.*Level 3 slab cast today\./);
    expect(latest).toHaveTextContent(/Issue Update.*Diesel ran out\./);
    expect(screen.getByText('Showing the 2 latest of 2 logs.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(`/daily-logs/project/${project.id}?limit=5`);

    await userEvent.click(screen.getByRole('tab', { name: 'Media' }));
    const file = await screen.findByRole('link', { name: 'Open slab.jpg in a new tab' });
    expect(file).toHaveAttribute('href', photo.viewUrl);
    expect(file).toHaveAttribute('target', '_blank');
    expect(calls.map((call) => call.path)).toContain(`/media/project/${project.id}?limit=8`);
  });

  it("says 'Project not found' and returns to /projects for a missing or hidden project", async () => {
    mockFetch(() => jsonResponse(404, { success: false, error: 'Project not found', code: 'NOT_FOUND' }));
    const { router } = renderRoutes(
      [
        { path: '/projects/:id', element: <ProjectDetailRoute /> },
        { path: '/projects', element: <p>Project list</p> },
      ],
      { user: buildUser({ role: 'client' }), at: '/projects/someone-elses' },
    );
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    expect(
      screen.getByText("The project you're looking for doesn't exist or you don't have access to it."),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it("offers Try Again after 'Error loading project'", async () => {
    let fail = true;
    mockFetch((call) =>
      fail
        ? jsonResponse(500, { success: false, error: 'down', code: 'INTERNAL_ERROR' })
        : projectOr(project, call),
    );
    renderRoutes([{ path: '/projects/:id', element: <ProjectDetailRoute /> }], {
      user: buildUser({ role: 'admin' }),
      at: `/projects/${project.id}`,
    });
    expect(await screen.findAllByText('Error loading project')).not.toHaveLength(0);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lekki Pearl Apartments' }),
    ).toBeInTheDocument();
  });
});
