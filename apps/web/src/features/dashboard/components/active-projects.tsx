import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { cn } from '../../../lib/cn.ts';

interface ActiveProjectsProps {
  projects: ReadonlyArray<{ id: string; title: string; progress: number }>;
}

/** Active projects with their progress; each is labelled IN PROGRESS. */
export function ActiveProjects({ projects }: ActiveProjectsProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Projects</CardTitle>
      </CardHeader>
      <CardContent>
        {projects.length === 0 ? (
          <p className="text-sm text-slate-600">No active projects at the moment.</p>
        ) : (
          <ul aria-label="Active projects" className="divide-y divide-slate-100">
            {projects.map((project) => (
              <li key={project.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex items-center justify-between gap-3">
                  <Link
                    to={`/projects/${encodeURIComponent(project.id)}`}
                    title={project.title}
                    className={cn(
                      'min-w-0 truncate font-medium text-slate-900 hover:text-blue-700',
                      focusRing,
                    )}
                  >
                    {project.title}
                  </Link>
                  <Badge tone="blue" className="shrink-0">
                    IN PROGRESS
                  </Badge>
                </div>
                <div className="mt-2 flex items-center gap-3">
                  <ProgressBar
                    value={project.progress}
                    label={`Progress of ${project.title}`}
                    className="flex-1"
                  />
                  <span className="w-10 text-right text-sm font-medium text-slate-900">
                    {project.progress}%
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
