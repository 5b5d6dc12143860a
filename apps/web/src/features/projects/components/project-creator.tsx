import { LEAD_CANDIDATE_ROLES } from '@trowel/shared/projects/project.constants.ts';
import type { CreateProjectInput } from '@trowel/shared/projects/project.schemas.ts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LoadingState } from '../../../components/ui/states.tsx';
import { useCreateProject } from '../api/create-project.ts';
import { useProjectPeople } from '../hooks/use-project-people.ts';
import { saveFailureDescription } from './project-failure.ts';
import { ProjectForm } from './project-form.tsx';
import { emptyProjectFormValues } from './project-form-values.ts';

/** The new-project form; on success it opens the new project. */
export function ProjectCreator() {
  const navigate = useNavigate();
  const createProject = useCreateProject();
  const people = useProjectPeople();
  if (people.isPending) return <LoadingState label="Loading staff and clients..." />;

  const leadRoles: readonly string[] = LEAD_CANDIDATE_ROLES;
  async function onSubmit(body: CreateProjectInput) {
    try {
      const project = await createProject.mutateAsync(body);
      toast.success('Project Created', {
        description: `Project "${project.title}" has been created successfully.`,
      });
      void navigate(`/projects/${encodeURIComponent(project.id)}`);
    } catch (error) {
      toast.error('Error creating project', { description: saveFailureDescription(error) });
    }
  }

  return (
    <ProjectForm
      mode="create"
      defaultValues={emptyProjectFormValues()}
      leadOptions={people.staff.filter((person) => leadRoles.includes(person.role))}
      clientOptions={people.clients}
      staff={people.staff}
      submitLabel="Create Project"
      busyLabel="Creating..."
      cancelTo="/projects"
      onSubmit={(body) => onSubmit(body as CreateProjectInput)}
    />
  );
}
