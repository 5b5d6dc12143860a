import { screen } from '@testing-library/react';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { mayOpenRoute, WEB_ROUTES, type WebRoute } from '@trowel/shared/routes/route-access.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPhase, buildProject, buildUser } from '../test/factories.ts';
import { jsonResponse, mockFetch } from '../test/http.ts';
import { renderRoutes } from '../test/render.tsx';
import { appRoutes } from './router.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A concrete address for a route pattern. */
function addressOf(route: WebRoute): string {
  return route.replace(/:(\w+)/g, (_, name: string) => (name.endsWith('Name') ? 'Ada%20Obi' : `${name}-1`));
}

function someoneAllowed(route: WebRoute): Role {
  const role = ROLES.find((candidate) => mayOpenRoute(route, candidate));
  if (!role) throw new Error(`nobody may open ${route}`);
  return role;
}

const emptyPage = { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 12, hasNext: false };

/** A plausible answer for every call the screens make while opening. */
function answerFor(path: string): Record<string, unknown> {
  const bare = path.split('?')[0] ?? path;
  if (bare === '/notifications/unread-count') return { success: true, unreadCount: 0 };
  if (bare === '/notifications')
    return { success: true, notifications: [], unreadCount: 0, pagination: emptyPage };
  if (bare === '/projects/categories') return { success: true, categories: [] };
  if (bare === '/projects/dashboard-stats') {
    const stats = {
      activeProjectsCount: 0,
      completedProjectsCount: 0,
      totalBudget: 0,
      totalSpent: 0,
      activeProjects: [],
    };
    return { success: true, stats };
  }
  if (bare === '/projects')
    return { success: true, projects: [], pagination: { ...emptyPage, nextCursor: null } };
  const projectId = /^\/projects\/([^/]+)$/.exec(bare)?.[1];
  if (projectId) {
    return {
      success: true,
      project: buildProject({ id: projectId, phases: [buildPhase({ name: 'Ada Obi' })] }),
    };
  }
  if (bare === '/reports') return { success: true, report: emptyReport };
  if (bare === '/rfqs/id-1') return { success: true, rfq: anRfq };
  if (bare === '/daily-logs')
    return { success: true, dailyLogs: [], pagination: { ...emptyPage, nextCursor: null } };
  if (bare === '/media') return { success: true, media: [], pagination: { ...emptyPage, nextCursor: null } };
  return { success: true, users: [], pagination: emptyPage, user: buildUser(), stats: null };
}

/** An RFQ with what both the staff's and the vendor's detail screens read. */
const anRfq = {
  id: '7d4f0c62-3f0b-4c43-9a55-2b1d3c4e5f60',
  number: 1001,
  title: 'Cement for the slab',
  description: '',
  projectId: null,
  project: null,
  status: 'pending_vendor_response',
  statusLabel: 'Action Required',
  createdBy: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-01-05T09:00:00.000Z',
  dueDate: null,
  items: [],
  vendors: [],
  responses: [],
  response: null,
  attachments: [],
  history: [],
  selectedVendorId: null,
  recommendedVendorId: null,
  isSelected: false,
  totalAmount: null,
  canQuote: true,
  negotiations: [],
  purchaseOrder: null,
};

const emptyReport = {
  timeframe: 'all',
  category: 'all',
  overview: {
    totalProjects: 0,
    activeProjects: 0,
    completedProjects: 0,
    onHoldProjects: 0,
    totalBudget: 0,
    totalSpent: 0,
    budgetUtilisation: 0,
    averageProgress: 0,
  },
  statusSummary: [],
  categorySummary: [],
};

const guarded = (Object.keys(WEB_ROUTES) as WebRoute[]).filter((route) => WEB_ROUTES[route] !== 'public');

describe('the app routes', () => {
  it.each(guarded)('%s shows a titled screen to a role it allows', async (route) => {
    mockFetch((call) => jsonResponse(200, answerFor(call.path)));
    const role = route === '/profile' ? 'admin' : someoneAllowed(route);
    renderRoutes(appRoutes(), { at: addressOf(route), user: buildUser({ role }) });
    // Screens load on first visit: compiling one can take a while on a busy machine.
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).not.toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: /User menu/ })).toBeInTheDocument();
  });

  it('shows Not Found with a link home for unknown addresses', async () => {
    renderRoutes(appRoutes(), { at: '/no/such/page', user: null });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
