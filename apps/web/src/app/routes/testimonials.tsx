import { can } from '@trowel/shared/auth/policy.ts';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TestimonialForm } from '../../features/testimonials/components/testimonial-form.tsx';
import { TestimonialList } from '../../features/testimonials/components/testimonial-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useCurrentUser } from '../../lib/session.ts';

/** /testimonials: clients leave and read their own; administrators read everyone's (spec 2 §2). */
export function TestimonialsRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Client Testimonials');
  const [params] = useSearchParams();
  const writes = can(user, 'testimonials:create');
  const readsAll = can(user, 'testimonials:read-all');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Client Testimonials"
        description={readsAll ? 'What clients say about their completed projects.' : 'Your testimonials.'}
      />
      {writes ? (
        <Card>
          <CardHeader>
            <CardTitle>Leave a Testimonial</CardTitle>
          </CardHeader>
          <CardContent>
            <TestimonialForm initialProjectId={params.get('projectId') ?? ''} />
          </CardContent>
        </Card>
      ) : null}
      <section aria-label={readsAll ? 'All testimonials' : 'Your testimonials'} className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">
          {readsAll ? 'All Testimonials' : 'Your Testimonials'}
        </h2>
        <TestimonialList filterable={readsAll} showAuthor={readsAll} />
      </section>
    </div>
  );
}
