import { projectScope } from '@trowel/shared/auth/scope.ts';
import { canCreateProject } from '@trowel/shared/projects/project.policy.ts';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ProjectBrowser } from '../../../features/projects/components/project-browser.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** /projects */
export function ProjectsListRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Projects');
  return (
    <>
      <PageHeader
        title="Projects"
        description={
          projectScope(user) === 'own'
            ? 'The projects we are building for you.'
            : 'Every project of the company.'
        }
        actions={
          canCreateProject(user) ? (
            <Button asChild>
              <Link to="/projects/new">
                <Plus aria-hidden="true" />
                New Project
              </Link>
            </Button>
          ) : null
        }
      />
      <ProjectBrowser />
    </>
  );
}
