import { LEAD_CANDIDATE_ROLES_ON_EDIT } from '@trowel/shared/projects/project.constants.ts';
import { projectAbilities } from '@trowel/shared/projects/project.policy.ts';
import type { ProjectDto, UpdateProjectInput } from '@trowel/shared/projects/project.schemas.ts';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { useProjectDetail, type ProjectLoadToasts } from '../hooks/use-project-detail.ts';
import { useProjectPeople } from '../hooks/use-project-people.ts';
import { saveFailureDescription } from './project-failure.ts';
import { ProjectForm } from './project-form.tsx';
import { projectToFormValues } from './project-form-values.ts';
import type { PersonOption } from './team-member-picker.tsx';

/** The options plus the project's current choice when the list does not hold it, so it stays shown. */
function withCurrent(options: PersonOption[], current: PersonOption | null): PersonOption[] {
  if (!current || options.some((option) => option.id === current.id)) return options;
  return [current, ...options];
}

function EditProjectForm({ project }: { project: ProjectDto }) {
  const navigate = useNavigate();
  const updateProject = useUpdateProject();
  const people = useProjectPeople();
  if (people.isPending) return <LoadingState label="Loading staff and clients..." />;

  const leadRoles: readonly string[] = LEAD_CANDIDATE_ROLES_ON_EDIT;
  const currentLead = project.projectLead
    ? (people.staff.find((person) => person.id === project.projectLead?.id) ?? {
        ...project.projectLead,
        role: '',
      })
    : null;
  const currentClient = project.client ? { ...project.client, role: 'client' } : null;
  const team = project.teamMembers.reduce(
    (all, member) => withCurrent(all, { id: member.userId, name: member.user.name, role: member.user.role }),
    people.staff,
  );

  async function onSubmit(input: UpdateProjectInput) {
    try {
      const updated = await updateProject.mutateAsync({ projectId: project.id, input });
      toast.success('Project Updated', {
        description: `Project "${updated.title}" has been updated successfully.`,
      });
      void navigate(`/projects/${encodeURIComponent(project.id)}`);
    } catch (error) {
      toast.error('Error updating project', { description: saveFailureDescription(error) });
    }
  }

  return (
    <ProjectForm
      mode="edit"
      defaultValues={projectToFormValues(project)}
      spentDerived={project.spentDerived}
      spentBeforeTracking={project.spentBeforeTracking}
      leadOptions={withCurrent(
        people.staff.filter((person) => leadRoles.includes(person.role)),
        currentLead,
      )}
      clientOptions={withCurrent(people.clients, currentClient)}
      staff={team}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      cancelTo={`/projects/${encodeURIComponent(project.id)}`}
      onSubmit={(body) => onSubmit(body as UpdateProjectInput)}
    />
  );
}

const EDIT_LOAD_TOASTS: ProjectLoadToasts = {
  notFound: { title: 'Error', description: "Project not found or you don't have access." },
  failed: { title: 'Error', description: 'Failed to load project data.' },
};

/** Loads the project and shows the edit form to those who may edit it. */
export function ProjectEditor({ projectId }: { projectId: string }) {
  const user = useCurrentUser();
  const { query, notFound } = useProjectDetail(projectId, EDIT_LOAD_TOASTS);

  if (query.isPending || notFound) return <LoadingState label="Loading project..." />;
  if (query.isError) {
    return (
      <ErrorState
        title="Failed to load project data."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const project = query.data;
  if (!projectAbilities(user, project).edit) {
    return (
      <div className="space-y-4 text-center">
        <ErrorState title="Access Denied" message="You don't have permission to edit this project." />
        <Button asChild variant="outline">
          <Link to={`/projects/${encodeURIComponent(project.id)}`}>Back to Project</Link>
        </Button>
      </div>
    );
  }
  return <EditProjectForm key={project.id} project={project} />;
}
