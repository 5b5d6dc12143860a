import { HardHat } from 'lucide-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { SetPasswordForm } from '../../features/vendor-portal/components/set-password-form.tsx';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { useSession } from '../../lib/session.ts';
import { SessionLoadingScreen } from '../guards/session-screens.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /login: signed-in users go straight on to redirectTo (or /), replacing this entry in history. */
export function LoginRoute() {
  const session = useSession();
  useDocumentTitle('Sign In');
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirectTo'));
  // A vendor added without a password arrives from their email with a link to set one.
  const setPasswordToken = searchParams.get('setPassword');
  const navigate = useNavigate();

  if (session.status === 'signed-in') return <Navigate to={target} replace />;
  if (session.status === 'loading') return <SessionLoadingScreen />;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-50 to-blue-50 px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex items-center justify-center gap-2">
            <HardHat aria-hidden="true" className="size-9 text-blue-600" />
            <span className="text-2xl font-bold text-slate-900">Trowel</span>
          </div>
          <h1 className="text-xl font-semibold text-slate-900">
            {setPasswordToken ? 'Set your password' : 'Sign in to your account'}
          </h1>
          <CardDescription>Construction project management for your whole team.</CardDescription>
        </CardHeader>
        <CardContent>
          {setPasswordToken ? (
            <SetPasswordForm
              token={setPasswordToken}
              onDone={() => void navigate('/login', { replace: true })}
            />
          ) : (
            <LoginForm />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
