import type { ReactNode } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

interface FormPageProps {
  title: string;
  /** Where the back link goes, and its words. */
  back: string;
  backLabel: string;
  children: ReactNode;
}

/** A create or edit screen: a back link, the title and the form on a card. */
export function FormPage({ title, back, backLabel, children }: FormPageProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to={back}>{backLabel}</BackLink>
      <div className="mt-2">
        <PageHeader title={title} />
      </div>
      <Card>
        <CardContent className="pt-4 sm:pt-6">{children}</CardContent>
      </Card>
    </div>
  );
}
