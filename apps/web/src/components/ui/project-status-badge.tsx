import { projectStatusLabel, projectStatusTone } from '../../lib/project-status.ts';
import { Badge } from './badge.tsx';

/** The status of a project as a coloured badge. */
export function ProjectStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={projectStatusTone(status)} className={className}>
      {projectStatusLabel(status)}
    </Badge>
  );
}
