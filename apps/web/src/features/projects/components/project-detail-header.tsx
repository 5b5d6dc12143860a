import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import type { ProjectLink } from '@trowel/shared/routes/navigation.ts';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProjectStatusBadge } from '../../../components/ui/project-status-badge.tsx';
import { projectReference } from '../../../lib/project-reference.ts';

interface ProjectDetailHeaderProps {
  project: ProjectDto;
  canEdit: boolean;
  /** The project's own views of other screens (its budgets, its material requests) the user may open. */
  links: ProjectLink[];
}

/**
 * Back link, title, short reference and status of a project, its links to its budgets and material
 * requests, and 'Edit Project' for those who may edit it.
 */
export function ProjectDetailHeader({ project, canEdit, links }: ProjectDetailHeaderProps) {
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
        {links.length > 0 || canEdit ? (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {links.length > 0 ? (
              <nav aria-label="This project's pages" className="contents">
                {links.map((link) => (
                  <Button key={link.to} asChild variant="outline">
                    <Link to={link.href}>{link.label}</Link>
                  </Button>
                ))}
              </nav>
            ) : null}
            {canEdit ? (
              <Button asChild>
                <Link to={`/projects/${encodeURIComponent(project.id)}/edit`}>
                  <Pencil aria-hidden="true" />
                  Edit Project
                </Link>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
