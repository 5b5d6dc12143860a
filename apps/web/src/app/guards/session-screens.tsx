import { ShieldX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

export const LOADING_SESSION_TEXT = 'Loading your session...';
export const ACCESS_DENIED_TEXT = "You don't have permission to access this page.";

export function SessionLoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center gap-3 bg-slate-50 text-slate-700"
    >
      <Spinner />
      <span>{LOADING_SESSION_TEXT}</span>
    </div>
  );
}

/** Restoring the session failed for a reason other than a lost session (server down, network). */
export function AuthErrorScreen({ message }: { message: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-lg border border-red-200 bg-white p-6 text-center shadow-sm"
      >
        <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-red-600" />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">Authentication Error</h1>
        <p className="mt-2 text-sm wrap-anywhere text-slate-600">{message}</p>
        <Button className="mt-5" onClick={() => window.location.reload()}>
          Retry
        </Button>
      </div>
    </div>
  );
}

export function AccessDenied() {
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <ShieldX aria-hidden="true" className="mx-auto size-10 text-red-600" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900">Access Denied</h1>
      <p className="mt-2 text-sm text-slate-600">{ACCESS_DENIED_TEXT}</p>
      <Button asChild variant="outline" className="mt-5">
        <Link to="/">Go to Dashboard</Link>
      </Button>
    </div>
  );
}
