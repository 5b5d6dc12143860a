import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ProjectCreator } from '../../../features/projects/components/project-creator.tsx';
import { ProjectEditor } from '../../../features/projects/components/project-editor.tsx';

function FormPage({
  title,
  back,
  backLabel,
  children,
}: {
  title: string;
  back: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={back}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
      <div className="mt-2">
        <PageHeader title={title} />
      </div>
      <Card>
        <CardContent className="pt-4 sm:pt-6">{children}</CardContent>
      </Card>
    </div>
  );
}

/** /projects/new */
export function ProjectNewRoute() {
  return (
    <FormPage title="Create Project" back="/projects" backLabel="Back to Projects">
      <ProjectCreator />
    </FormPage>
  );
}

/** /projects/:id/edit */
export function ProjectEditRoute() {
  const { id = '' } = useParams();
  return (
    <FormPage title="Edit Project" back={`/projects/${encodeURIComponent(id)}`} backLabel="Back to Project">
      <ProjectEditor key={id} projectId={id} />
    </FormPage>
  );
}
