import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { AppShell } from '../layout/app-shell.tsx';
import { AuthErrorScreen, SessionLoadingScreen } from './session-screens.tsx';

/** Every signed-in screen: waits for the session, sends visitors to sign in, then shows the shell. */
export function SessionLayout() {
  const session = useSession();
  const location = useLocation();
  switch (session.status) {
    case 'loading':
      return <SessionLoadingScreen />;
    case 'error':
      return <AuthErrorScreen message={session.error.message} />;
    case 'signed-out':
      return <Navigate to={loginPathFor(location)} replace />;
    case 'signed-in':
      return (
        <AppShell user={session.user}>
          <Outlet />
        </AppShell>
      );
    default: {
      const unreachable: never = session;
      return unreachable;
    }
  }
}
