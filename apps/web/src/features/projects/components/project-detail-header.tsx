import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProjectStatusBadge } from '../../../components/ui/project-status-badge.tsx';
import { projectReference } from '../../../lib/project-reference.ts';

/** Back link, title, short reference and status of a project, with 'Edit Project' for those who may edit it. */
export function ProjectDetailHeader({ project, canEdit }: { project: ProjectDto; canEdit: boolean }) {
  return (
    <div>
      <BackLink to="/projects">Back to Projects</BackLink>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-slate-900">{project.title}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <span title={`Project ID ${project.id}`}>{projectReference(project.id)}</span>
            <ProjectStatusBadge status={project.status} />
          </div>
        </div>
        {canEdit ? (
          <Button asChild>
            <Link to={`/projects/${encodeURIComponent(project.id)}/edit`}>
              <Pencil aria-hidden="true" />
              Edit Project
            </Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
