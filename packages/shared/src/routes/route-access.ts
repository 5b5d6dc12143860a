import { can, type Ability } from '../auth/policy.ts';
import type { Role } from '../auth/roles.ts';

/**
 * Who may open a route: anyone, any signed-in user, or those with an ability of the ability table (or
 * with any one of several).
 */
export type RouteAccess = 'public' | 'any' | Ability | readonly Ability[];

/** The screens of projects, their logs, media and reports: staff see every project, clients their own; vendors have none. */
const PROJECT_READERS = ['projects:read-all', 'projects:read-own'] as const satisfies readonly Ability[];

/** The roles that capture on site (logs, material requests, deliveries): their outbox keeps what waits for a network. */
const SITE_CAPTURERS = [
  'logs:write',
  'material-requests:create',
  'deliveries:record',
] as const satisfies readonly Ability[];

/** Clients leave testimonials and read theirs; administrators read everyone's; nobody else has any. */
const TESTIMONIAL_READERS = [
  'testimonials:create',
  'testimonials:read-all',
] as const satisfies readonly Ability[];

/** The route table of the web app: every path pattern and who may open it. */
export const WEB_ROUTES = {
  '/login': 'public',
  '/auth/auto-login': 'public',
  '/': 'any',
  '/projects': PROJECT_READERS,
  '/projects/new': 'projects:create',
  '/projects/:id': PROJECT_READERS,
  '/projects/:id/edit': PROJECT_READERS,
  '/projects/:projectId/phases/:phaseName/edit': PROJECT_READERS,
  '/projects/:id/budget': 'budgets:read',
  '/projects/:id/financials': 'financials:read',
  '/projects/:id/costs': 'costs:read',
  '/costs': 'costs:read-company',
  '/projects/:id/schedule': PROJECT_READERS,
  '/schedule/look-ahead': 'projects:read-all',
  '/budgets': 'budgets:read',
  '/daily-log': PROJECT_READERS,
  '/updates': PROJECT_READERS,
  '/media': PROJECT_READERS,
  '/reports': PROJECT_READERS,
  '/profile': 'any',
  '/settings': 'any',
  '/notifications': 'any',
  '/outbox': SITE_CAPTURERS,
  '/testimonials': TESTIMONIAL_READERS,
  '/material-requests': 'material-requests:access',
  '/inventory': 'inventory:access',
  '/procurement/vendors': 'procurement:access',
  '/procurement/rfqs': 'procurement:access',
  '/procurement/rfqs/:id': 'procurement:access',
  '/procurement/rfqs/:rfqId/negotiate/:vendorId': 'procurement:access',
  '/rfqs': 'vendor:portal',
  '/rfqs/:id': 'vendor:portal',
  '/rfqs/:rfqId/negotiations/:negotiationId/counter': 'vendor:portal',
  '/vendor/profile': 'vendor:portal',
  '/purchase-orders': 'purchase-orders:read',
  '/purchase-orders/:id': 'purchase-orders:read',
  '/invoices': 'invoices:read',
  '/invoices/:id': 'invoices:read',
  '/admin/staff': 'users:manage',
  '/admin/staff/new': 'users:manage',
  '/admin/staff/edit/:userId': 'users:manage',
  '/admin/staff/:staffName/projects': 'users:manage',
  '/admin/clients': 'users:manage',
  '/admin/clients/new': 'users:manage',
  '/admin/clients/edit/:userId': 'users:manage',
  '/admin/clients/:clientName/projects': 'users:manage',
} as const satisfies Record<string, RouteAccess>;

export type WebRoute = keyof typeof WEB_ROUTES;

/** Whether a signed-in user of this role may open the route. */
export function mayOpenRoute(route: WebRoute, role: Role): boolean {
  const access: RouteAccess = WEB_ROUTES[route];
  if (access === 'public' || access === 'any') return true;
  const abilities: readonly Ability[] = typeof access === 'string' ? [access] : access;
  return abilities.some((ability) => can({ role }, ability));
}
