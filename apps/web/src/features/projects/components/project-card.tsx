import { countOf } from '@trowel/shared/format/plural.ts';
import { formatNaira, formatNairaMillions } from '@trowel/shared/money/format.ts';
import type { ProjectSummaryDto } from '@trowel/shared/projects/project.schemas.ts';
import { FIGURE_NAMES, formatRecorded } from '@trowel/shared/reports/money-figures.ts';
import { Calendar, Clock, MapPin, Users, Wallet } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { focusRing } from '../../../components/ui/button.tsx';
import { IconDetail } from '../../../components/ui/icon-detail.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ProjectStatusBadge } from '../../../components/ui/project-status-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDateOnly } from '../../../lib/format-date.ts';
import { ProjectCardMenu } from './project-card-menu.tsx';

export function teamMemberText(count: number): string {
  return countOf(count, 'team member');
}

interface ProjectCardProps {
  project: ProjectSummaryDto;
  /** Offers the delete menu (admin and project manager). */
  onDelete?: ((project: ProjectSummaryDto) => void) | undefined;
  ref?: Ref<HTMLElement>;
}

/** A project in the list; the title links to its detail page and the whole card is clickable. */
export function ProjectCard({ project, onDelete, ref }: ProjectCardProps) {
  const titleId = `project-${project.id}-title`;
  // Clients get no internal budget (null): they see the recorded project value in full instead.
  const money =
    project.budget === null
      ? `${FIGURE_NAMES.projectValue}: ${formatRecorded(project.projectValue, formatNaira)}`
      : `Budget: ${formatNairaMillions(project.budget)}`;
  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      className="relative flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition-shadow focus-within:shadow-md hover:border-blue-300 hover:shadow-md"
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold wrap-anywhere text-slate-900">
            <Link
              to={`/projects/${encodeURIComponent(project.id)}`}
              className={cn('rounded after:absolute after:inset-0 after:rounded-lg', focusRing)}
            >
              {project.title}
            </Link>
          </h2>
          <p className="mt-0.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
            {project.category}
          </p>
        </div>
        <ProjectStatusBadge status={project.status} className="shrink-0" />
        {onDelete ? <ProjectCardMenu project={project} onDelete={onDelete} /> : null}
      </div>
      {/* Plain lines, not a list: the only list items of the project list are its cards. */}
      <div className="mt-3 flex-1 space-y-1.5">
        <IconDetail icon={<MapPin aria-hidden="true" />}>{project.location}</IconDetail>
        <IconDetail icon={<Calendar aria-hidden="true" />}>
          {formatDateOnly(project.startDate)} – {formatDateOnly(project.endDate)}
        </IconDetail>
        <IconDetail icon={<Users aria-hidden="true" />}>{teamMemberText(project.teamMemberCount)}</IconDetail>
        <IconDetail icon={<Wallet aria-hidden="true" />}>{money}</IconDetail>
      </div>
      <div className="mt-4">
        <div className="mb-1 flex items-center justify-between text-sm">
          <span className="text-slate-600">Progress</span>
          <span className="font-medium text-slate-900">{project.progress}%</span>
        </div>
        <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
      </div>
      <p className="mt-3 flex items-center gap-1.5 border-t border-slate-100 pt-3 text-xs text-slate-500">
        <Clock aria-hidden="true" className="size-3.5" />
        Updated {formatDate(project.updatedAt)}
      </p>
    </article>
  );
}
