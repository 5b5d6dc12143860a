import { Construction } from 'lucide-react';
import { Link, useParams, type Params } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

export type ScreenTitle = string | ((params: Readonly<Params>) => string);

/** A screen whose feature is not built yet: its title and a note that it is on the way. */
export function ComingSoon({ title }: { title: ScreenTitle }) {
  const params = useParams();
  const heading = typeof title === 'function' ? title(params) : title;
  useDocumentTitle(heading);
  return (
    <section className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <Construction aria-hidden="true" className="mx-auto size-10 text-amber-500" />
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-2 text-slate-600">
        This screen is not available yet. It is coming in a later release.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/">Back to Dashboard</Link>
      </Button>
    </section>
  );
}
