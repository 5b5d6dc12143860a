import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';
import { SessionLoadingScreen } from '../guards/session-screens.tsx';
import { AppShell } from '../layout/app-shell.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function NotFoundPanel() {
  return (
    <section className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <SearchX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has been moved.</p>
      <Button asChild className="mt-6">
        <Link to="/">Go to Home</Link>
      </Button>
    </section>
  );
}

/** Any unknown address; inside the app shell when someone is signed in. */
export function NotFoundRoute() {
  const session = useSession();
  useDocumentTitle('Page Not Found');
  if (session.status === 'loading') return <SessionLoadingScreen />;
  if (session.status === 'signed-in') {
    return (
      <AppShell user={session.user}>
        <NotFoundPanel />
      </AppShell>
    );
  }
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <NotFoundPanel />
    </main>
  );
}
