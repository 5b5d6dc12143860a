import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /auth/auto-login (public): the vendor link sign-in is built later. */
export function AutoLoginRoute() {
  useDocumentTitle('RFQ Direct Access');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <section className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
        <KeyRound aria-hidden="true" className="mx-auto size-10 text-blue-600" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">RFQ Direct Access</h1>
        <p className="mt-2 text-slate-600">
          This screen is not available yet. It is coming in a later release.
        </p>
        <Button asChild className="mt-6">
          <Link to="/login">Manual Login</Link>
        </Button>
      </section>
    </main>
  );
}
