import { useParams } from 'react-router';
import { ProjectCreator } from '../../../features/projects/components/project-creator.tsx';
import { ProjectEditor } from '../../../features/projects/components/project-editor.tsx';
import { FormPage } from '../../layout/form-page.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** /projects/new */
export function ProjectNewRoute() {
  useDocumentTitle('Create Project');
  return (
    <FormPage title="Create Project" back="/projects" backLabel="Back to Projects">
      <ProjectCreator />
    </FormPage>
  );
}

/** /projects/:id/edit */
export function ProjectEditRoute() {
  const { id = '' } = useParams();
  useDocumentTitle('Edit Project');
  return (
    <FormPage title="Edit Project" back={`/projects/${encodeURIComponent(id)}`} backLabel="Back to Project">
      <ProjectEditor key={id} projectId={id} />
    </FormPage>
  );
}
