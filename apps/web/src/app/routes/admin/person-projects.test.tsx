import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProjectSummary, buildUser } from '../../../test/factories.ts';
import { jsonResponse, mockFetch } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PersonProjectsRoute } from './person-projects.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = buildUser({ role: 'admin' });
const ada = buildUser({ name: 'Ada Obi', role: 'client' });
const project = buildProjectSummary({ title: 'Ikoyi Duplex' });

function answer(path: string) {
  if (path.startsWith('/users/')) {
    return jsonResponse(200, {
      success: true,
      users: [buildUser({ name: 'Ada Obi-Eze', role: 'client' }), ada],
      pagination: null,
    });
  }
  return jsonResponse(200, {
    success: true,
    projects: [project],
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalItems: 1,
      itemsPerPage: 12,
      hasNext: false,
      nextCursor: null,
    },
  });
}

describe('PersonProjectsRoute', () => {
  it('finds the client by exact name and lists their projects as links', async () => {
    const { calls } = mockFetch((call) => answer(call.path));
    renderRoutes(
      [{ path: '/admin/clients/:clientName/projects', element: <PersonProjectsRoute kind="clients" /> }],
      {
        user: admin,
        at: '/admin/clients/Ada%20Obi/projects',
      },
    );
    expect(await screen.findByRole('heading', { name: 'Projects of Ada Obi' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ikoyi Duplex' })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
    expect(calls.map((call) => call.path)).toEqual([
      '/users/clients?limit=100&search=Ada+Obi',
      `/projects?page=1&limit=12&sortBy=createdAt&sortOrder=desc&clientId=${ada.id}`,
    ]);
  });

  it('lists a staff member’s projects by memberId', async () => {
    const engineer = buildUser({ name: 'Yusuf Abdullahi' });
    const { calls } = mockFetch((call) =>
      call.path.startsWith('/users/')
        ? jsonResponse(200, { success: true, users: [engineer], pagination: null })
        : answer(call.path),
    );
    renderRoutes(
      [{ path: '/admin/staff/:staffName/projects', element: <PersonProjectsRoute kind="staff" /> }],
      {
        user: admin,
        at: '/admin/staff/Yusuf%20Abdullahi/projects',
      },
    );
    await screen.findByRole('link', { name: 'Ikoyi Duplex' });
    expect(calls.at(-1)?.path).toContain(`memberId=${engineer.id}`);
  });

  it('says so when nobody has that name', async () => {
    mockFetch(() => jsonResponse(200, { success: true, users: [], pagination: null }));
    renderRoutes(
      [{ path: '/admin/staff/:staffName/projects', element: <PersonProjectsRoute kind="staff" /> }],
      {
        user: admin,
        at: '/admin/staff/Nobody/projects',
      },
    );
    expect(await screen.findByText('Staff member not found.')).toBeInTheDocument();
    expect(screen.getByText('No one named "Nobody" was found.')).toBeInTheDocument();
  });
});
