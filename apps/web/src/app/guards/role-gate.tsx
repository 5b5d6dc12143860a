import { can } from '@trowel/shared/auth/policy.ts';
import { mayOpenRoute, type WebRoute } from '@trowel/shared/routes/route-access.ts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../lib/session.ts';
import { AccessDenied } from './session-screens.tsx';

/** Shows the screen only to the roles the route table allows; vendors have their own profile. */
export function RoleGate({ route, children }: { route: WebRoute; children: ReactNode }) {
  const user = useCurrentUser();
  if (route === '/profile' && can(user, 'vendor:portal')) return <Navigate to="/vendor/profile" replace />;
  if (!mayOpenRoute(route, user.role)) return <AccessDenied />;
  return children;
}
