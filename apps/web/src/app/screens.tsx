import type { WebRoute } from '@trowel/shared/routes/route-access.ts';
import type { ComponentType, ReactElement } from 'react';
import { LoadingState } from '../components/ui/states.tsx';
import { lazyScreen as lazyWithFallback } from './lazy-screen.tsx';
import { AutoLoginRoute } from './routes/auto-login.tsx';

/** Every lazy screen shows the same placeholder inside the shell while its code loads. */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyWithFallback(load, <LoadingState label="Loading..." />);
}

/** Loaded ahead of the first render when no one is signed in (see app.tsx), so it never shows a placeholder then. */
export const LoginRoute = lazyScreen(async () => (await import('./routes/login.tsx')).LoginRoute);
// Loaded with the app shell (one chunk): the dashboard is where a signed-in visit usually lands.
export const DashboardRoute = lazyScreen(async () => (await import('./signed-in.ts')).DashboardRoute);
const PeopleListRoute = lazyScreen(async () => (await import('./routes/admin/people.tsx')).PeopleListRoute);
const PeopleNewRoute = lazyScreen(async () => (await import('./routes/admin/people.tsx')).PeopleNewRoute);
const PeopleEditRoute = lazyScreen(async () => (await import('./routes/admin/people.tsx')).PeopleEditRoute);
const ProfileRoute = lazyScreen(async () => (await import('./routes/profile.tsx')).ProfileRoute);
const PersonProjectsRoute = lazyScreen(
  async () => (await import('./routes/admin/person-projects.tsx')).PersonProjectsRoute,
);
const ProjectsListRoute = lazyScreen(
  async () => (await import('./routes/projects/projects-list.tsx')).ProjectsListRoute,
);
const ProjectNewRoute = lazyScreen(
  async () => (await import('./routes/projects/project-form-page.tsx')).ProjectNewRoute,
);
const ProjectEditRoute = lazyScreen(
  async () => (await import('./routes/projects/project-form-page.tsx')).ProjectEditRoute,
);
const ProjectDetailRoute = lazyScreen(
  async () => (await import('./routes/projects/project-detail.tsx')).ProjectDetailRoute,
);
const PhaseEditRoute = lazyScreen(
  async () => (await import('./routes/projects/phase-edit.tsx')).PhaseEditRoute,
);
const ProjectBudgetRoute = lazyScreen(
  async () => (await import('./routes/projects/project-budget.tsx')).ProjectBudgetRoute,
);
const ProjectFinancialsRoute = lazyScreen(
  async () => (await import('./routes/projects/project-financials.tsx')).ProjectFinancialsRoute,
);
const ProjectScheduleRoute = lazyScreen(
  async () => (await import('./routes/projects/project-schedule.tsx')).ProjectScheduleRoute,
);
const ProjectCostsRoute = lazyScreen(
  async () => (await import('./routes/projects/project-costs.tsx')).ProjectCostsRoute,
);
const CostsRoute = lazyScreen(async () => (await import('./routes/costs.tsx')).CostsRoute);
const LookAheadRoute = lazyScreen(async () => (await import('./routes/look-ahead.tsx')).LookAheadRoute);
const BudgetsRoute = lazyScreen(async () => (await import('./routes/budgets.tsx')).BudgetsRoute);
const DailyLogRoute = lazyScreen(async () => (await import('./routes/daily-log.tsx')).DailyLogRoute);
const MediaRoute = lazyScreen(async () => (await import('./routes/media.tsx')).MediaRoute);
const ReportsRoute = lazyScreen(async () => (await import('./routes/reports.tsx')).ReportsRoute);
const NotificationsRoute = lazyScreen(
  async () => (await import('./routes/notifications.tsx')).NotificationsRoute,
);
const SettingsRoute = lazyScreen(async () => (await import('./routes/settings.tsx')).SettingsRoute);
const TestimonialsRoute = lazyScreen(
  async () => (await import('./routes/testimonials.tsx')).TestimonialsRoute,
);
const MaterialRequestsRoute = lazyScreen(
  async () => (await import('./routes/material-requests.tsx')).MaterialRequestsRoute,
);
const InventoryRoute = lazyScreen(async () => (await import('./routes/inventory.tsx')).InventoryRoute);

const VendorsRoute = lazyScreen(async () => (await import('./routes/procurement/vendors.tsx')).VendorsRoute);
const RfqsRoute = lazyScreen(async () => (await import('./routes/procurement/rfqs.tsx')).RfqsRoute);
const RfqDetailRoute = lazyScreen(
  async () => (await import('./routes/procurement/rfq-detail.tsx')).RfqDetailRoute,
);
const MyRfqsRoute = lazyScreen(async () => (await import('./routes/vendor/my-rfqs.tsx')).MyRfqsRoute);
const VendorRfqRoute = lazyScreen(
  async () => (await import('./routes/vendor/vendor-rfq.tsx')).VendorRfqRoute,
);
const VendorProfileRoute = lazyScreen(
  async () => (await import('./routes/vendor/vendor-profile.tsx')).VendorProfileRoute,
);
const NegotiateRoute = lazyScreen(
  async () => (await import('./routes/negotiations/negotiate.tsx')).NegotiateRoute,
);
const CounterOfferRoute = lazyScreen(
  async () => (await import('./routes/negotiations/counter-offer.tsx')).CounterOfferRoute,
);
const OutboxRoute = lazyScreen(async () => (await import('./routes/outbox.tsx')).OutboxRoute);
const PurchaseOrderRoute = lazyScreen(
  async () => (await import('./routes/purchase-order.tsx')).PurchaseOrderRoute,
);
const InvoicesRoute = lazyScreen(async () => (await import('./routes/invoices.tsx')).InvoicesRoute);
const InvoiceRoute = lazyScreen(async () => (await import('./routes/invoices.tsx')).InvoiceRoute);
const PurchaseOrdersRoute = lazyScreen(
  async () => (await import('./routes/purchase-orders.tsx')).PurchaseOrdersRoute,
);

/** The screen of every route of the route table; screens of later work say they are coming. */
export const SCREENS = {
  '/login': <LoginRoute />,
  '/auth/auto-login': <AutoLoginRoute />,
  '/': <DashboardRoute />,
  '/projects': <ProjectsListRoute />,
  '/projects/new': <ProjectNewRoute />,
  '/projects/:id': <ProjectDetailRoute />,
  '/projects/:id/edit': <ProjectEditRoute />,
  '/projects/:projectId/phases/:phaseName/edit': <PhaseEditRoute />,
  '/projects/:id/budget': <ProjectBudgetRoute />,
  '/projects/:id/financials': <ProjectFinancialsRoute />,
  '/projects/:id/costs': <ProjectCostsRoute />,
  '/costs': <CostsRoute />,
  '/projects/:id/schedule': <ProjectScheduleRoute />,
  '/schedule/look-ahead': <LookAheadRoute />,
  '/budgets': <BudgetsRoute />,
  '/daily-log': <DailyLogRoute />,
  '/updates': <DailyLogRoute />,
  '/media': <MediaRoute />,
  '/reports': <ReportsRoute />,
  '/profile': <ProfileRoute />,
  '/settings': <SettingsRoute />,
  '/notifications': <NotificationsRoute />,
  '/outbox': <OutboxRoute />,
  '/testimonials': <TestimonialsRoute />,
  '/material-requests': <MaterialRequestsRoute />,
  '/inventory': <InventoryRoute />,
  '/procurement/vendors': <VendorsRoute />,
  '/procurement/rfqs': <RfqsRoute />,
  '/procurement/rfqs/:id': <RfqDetailRoute />,
  '/procurement/rfqs/:rfqId/negotiate/:vendorId': <NegotiateRoute />,
  '/rfqs': <MyRfqsRoute />,
  '/rfqs/:id': <VendorRfqRoute />,
  '/rfqs/:rfqId/negotiations/:negotiationId/counter': <CounterOfferRoute />,
  '/vendor/profile': <VendorProfileRoute />,
  '/purchase-orders': <PurchaseOrdersRoute />,
  '/purchase-orders/:id': <PurchaseOrderRoute />,
  '/invoices': <InvoicesRoute />,
  '/invoices/:id': <InvoiceRoute />,
  '/admin/staff': <PeopleListRoute kind="staff" />,
  '/admin/staff/new': <PeopleNewRoute kind="staff" />,
  '/admin/staff/edit/:userId': <PeopleEditRoute kind="staff" />,
  '/admin/staff/:staffName/projects': <PersonProjectsRoute kind="staff" />,
  '/admin/clients': <PeopleListRoute kind="clients" />,
  '/admin/clients/new': <PeopleNewRoute kind="clients" />,
  '/admin/clients/edit/:userId': <PeopleEditRoute kind="clients" />,
  '/admin/clients/:clientName/projects': <PersonProjectsRoute kind="clients" />,
} as const satisfies Record<WebRoute, ReactElement>;
