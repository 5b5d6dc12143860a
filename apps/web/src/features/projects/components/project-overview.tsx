import { countOf } from '@trowel/shared/format/plural.ts';
import { formatNaira, formatNairaMillions } from '@trowel/shared/money/format.ts';
import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import { budgetUsedPercent, FIGURE_NAMES, formatRecorded } from '@trowel/shared/reports/money-figures.ts';
import { Calendar, MapPin, Star, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { formatDateOnly } from '../../../lib/format-date.ts';

/** One term of the overview's list: a group of its label and value only, the icon drawn inside the label. */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 pl-8">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="absolute top-0.5 left-0 text-slate-400 [&_svg]:size-5">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

interface ProjectOverviewProps {
  project: ProjectDto;
  /** Budget and spent (staff); otherwise the project's value (clients). */
  seeInternalCosts: boolean;
  /** A client of a completed project is offered to leave a testimonial. */
  mayLeaveTestimonial: boolean;
}

/** Location, timeline, money, team and progress of a project; clients see the project value. */
export function ProjectOverview({ project, seeInternalCosts, mayLeaveTestimonial }: ProjectOverviewProps) {
  const memberCount = project.teamMembers.length;
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <CardTitle>Project Overview</CardTitle>
        {mayLeaveTestimonial && project.status === 'completed' ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/testimonials?projectId=${encodeURIComponent(project.id)}`}>
              <Star aria-hidden="true" />
              Leave a Testimonial
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Fact icon={<MapPin aria-hidden="true" />} label="Location">
            {project.location}
          </Fact>
          <Fact icon={<Calendar aria-hidden="true" />} label="Timeline">
            {formatDateOnly(project.startDate)} – {formatDateOnly(project.endDate)}
          </Fact>
          {!seeInternalCosts || project.budget === null ? (
            <Fact icon={<Wallet aria-hidden="true" />} label={FIGURE_NAMES.projectValue}>
              {formatRecorded(project.projectValue, formatNaira)}
            </Fact>
          ) : (
            <Fact icon={<Wallet aria-hidden="true" />} label="Budget (Approved)">
              {formatNairaMillions(project.budget)}
              <span className="block text-slate-600">
                Spent: {formatNairaMillions(project.spent ?? 0)} (
                {budgetUsedPercent(project.spent ?? 0, project.budget)}%)
              </span>
            </Fact>
          )}
          <Fact icon={<Users aria-hidden="true" />} label="Team">
            Team Lead: {project.projectLead?.name ?? 'Not assigned'}
            <span className="block text-slate-600">{countOf(memberCount, 'member')}</span>
          </Fact>
        </dl>
        <div>
          <div className="mb-1 flex items-center justify-between text-sm">
            <span className="font-medium text-slate-700">Overall Progress</span>
            <span className="font-semibold text-slate-900">{project.progress}%</span>
          </div>
          <ProgressBar value={project.progress} label="Overall progress" />
        </div>
        <div>
          <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Description</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{project.description}</p>
        </div>
      </CardContent>
    </Card>
  );
}
