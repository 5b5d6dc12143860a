import type { Role } from '../auth/roles.ts';

export type RouteAccess = 'public' | 'any' | readonly Role[];

const ADMINS: readonly Role[] = ['admin', 'project_manager'];
const PROCUREMENT: readonly Role[] = ['admin', 'quantity_surveyor'];
const VENDOR: readonly Role[] = ['vendor'];

/** The route table of the web app: every path pattern and who may open it. */
export const WEB_ROUTES = {
  '/login': 'public',
  '/auth/auto-login': 'public',
  '/': 'any',
  '/projects': 'any',
  '/projects/new': ['admin', 'project_manager', 'architect'],
  '/projects/:id': 'any',
  '/projects/:id/edit': 'any',
  '/projects/:projectId/phases/:phaseName/edit': 'any',
  '/projects/:id/budget': [
    'admin',
    'project_manager',
    'accountant',
    'project_lead',
    'architect',
    'quantity_surveyor',
  ],
  '/projects/:id/financials': ['admin', 'project_manager', 'accountant', 'quantity_surveyor'],
  '/daily-log': 'any',
  '/updates': 'any',
  '/media': 'any',
  '/reports': 'any',
  '/profile': 'any',
  '/settings': 'any',
  '/notifications': 'any',
  '/testimonials': 'any',
  '/material-requests': ['project_lead', 'team_member', 'store_keeper', 'admin', 'project_manager'],
  '/inventory': ['admin', 'project_manager', 'project_lead', 'store_keeper', 'team_member'],
  '/procurement/vendors': PROCUREMENT,
  '/procurement/rfqs': PROCUREMENT,
  '/procurement/rfqs/:id': PROCUREMENT,
  '/procurement/rfqs/:rfqId/negotiate/:vendorId': PROCUREMENT,
  '/rfqs': VENDOR,
  '/rfqs/:id': VENDOR,
  '/rfqs/:rfqId/negotiations/:negotiationId/counter': VENDOR,
  '/vendor/profile': VENDOR,
  '/admin/staff': ADMINS,
  '/admin/staff/new': ADMINS,
  '/admin/staff/edit/:userId': ADMINS,
  '/admin/staff/:staffName/projects': ADMINS,
  '/admin/clients': ADMINS,
  '/admin/clients/new': ADMINS,
  '/admin/clients/edit/:userId': ADMINS,
  '/admin/clients/:clientName/projects': ADMINS,
} as const satisfies Record<string, RouteAccess>;

export type WebRoute = keyof typeof WEB_ROUTES;

/** Whether a signed-in user of this role may open the route. */
export function mayOpenRoute(route: WebRoute, role: Role): boolean {
  const access: RouteAccess = WEB_ROUTES[route];
  if (access === 'public' || access === 'any') return true;
  return access.includes(role);
}
