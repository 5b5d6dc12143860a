import type { WebRoute } from '@trowel/shared/routes/route-access.ts';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { LoadingState } from '../components/ui/states.tsx';
import { AutoLoginRoute } from './routes/auto-login.tsx';
import { ComingSoon } from './routes/coming-soon.tsx';
import { DashboardRoute } from './routes/dashboard.tsx';
import { LoginRoute } from './routes/login.tsx';

/** A screen loaded on first visit, so the sign-in page does not carry every screen's code. */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={<LoadingState label="Loading..." />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}

const PeopleListRoute = lazyScreen(async () => (await import('./routes/admin/people.tsx')).PeopleListRoute);
const PeopleNewRoute = lazyScreen(async () => (await import('./routes/admin/people.tsx')).PeopleNewRoute);
const PeopleEditRoute = lazyScreen(async () => (await import('./routes/admin/people.tsx')).PeopleEditRoute);
const ProfileRoute = lazyScreen(async () => (await import('./routes/profile.tsx')).ProfileRoute);

/** The screen of every route of the route table; screens of later work say they are coming. */
export const SCREENS = {
  '/login': <LoginRoute />,
  '/auth/auto-login': <AutoLoginRoute />,
  '/': <DashboardRoute />,
  '/projects': <ComingSoon title="Projects" />,
  '/projects/new': <ComingSoon title="Create Project" />,
  '/projects/:id': <ComingSoon title="Project Details" />,
  '/projects/:id/edit': <ComingSoon title="Edit Project" />,
  '/projects/:projectId/phases/:phaseName/edit': (
    <ComingSoon title={(p) => `Edit Phase: ${p.phaseName ?? ''}`} />
  ),
  '/projects/:id/budget': <ComingSoon title="Budget Management" />,
  '/projects/:id/financials': <ComingSoon title="Project Financials" />,
  '/daily-log': <ComingSoon title="Daily Logs" />,
  '/updates': <ComingSoon title="Daily Logs" />,
  '/media': <ComingSoon title="Project Media" />,
  '/reports': <ComingSoon title="Reports and Analytics" />,
  '/profile': <ProfileRoute />,
  '/settings': <ComingSoon title="Settings" />,
  '/notifications': <ComingSoon title="Notifications" />,
  '/testimonials': <ComingSoon title="Client Testimonials" />,
  '/material-requests': <ComingSoon title="Material Requests" />,
  '/inventory': <ComingSoon title="Inventory Management" />,
  '/procurement/vendors': <ComingSoon title="Vendor Management" />,
  '/procurement/rfqs': <ComingSoon title="Requests for Quotation" />,
  '/procurement/rfqs/:id': <ComingSoon title="RFQ Details" />,
  '/procurement/rfqs/:rfqId/negotiate/:vendorId': <ComingSoon title="Negotiate with Vendor" />,
  '/rfqs': <ComingSoon title="My RFQs" />,
  '/rfqs/:id': <ComingSoon title="RFQ Details" />,
  '/rfqs/:rfqId/negotiations/:negotiationId/counter': <ComingSoon title="Counter Offer" />,
  '/vendor/profile': <ComingSoon title="Vendor Profile" />,
  '/admin/staff': <PeopleListRoute kind="staff" />,
  '/admin/staff/new': <PeopleNewRoute kind="staff" />,
  '/admin/staff/edit/:userId': <PeopleEditRoute kind="staff" />,
  '/admin/staff/:staffName/projects': <ComingSoon title={(p) => `Projects of ${p.staffName ?? ''}`} />,
  '/admin/clients': <PeopleListRoute kind="clients" />,
  '/admin/clients/new': <PeopleNewRoute kind="clients" />,
  '/admin/clients/edit/:userId': <PeopleEditRoute kind="clients" />,
  '/admin/clients/:clientName/projects': <ComingSoon title={(p) => `Projects of ${p.clientName ?? ''}`} />,
} as const satisfies Record<WebRoute, ReactElement>;
