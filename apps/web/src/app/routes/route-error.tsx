import { TriangleAlert } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** Shown when a screen fails to render, instead of a blank page. */
export function RouteError() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <section
        role="alert"
        className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm"
      >
        <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-red-600" />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">
          This page could not be shown. Please reload and try again.
        </p>
        <div className="mt-5 flex justify-center gap-2">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button asChild variant="outline">
            <a href="/">Go to Home</a>
          </Button>
        </div>
      </section>
    </main>
  );
}
