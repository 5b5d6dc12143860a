import { roleLabel } from '@trowel/shared/auth/roles.ts';
import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';

function PersonCard({ heading, name, role }: { heading: string; name: string; role: string }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <UserAvatar name={name} size="sm" decorative />
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{heading}</p>
        <p title={name} className="truncate text-sm font-semibold text-slate-900">
          {name}
        </p>
        <p className="truncate text-xs text-slate-600">{role}</p>
      </div>
    </li>
  );
}

/**
 * The project lead and the members; the team size counts the lead too, once (a lead also added as a
 * member is one person).
 */
export function ProjectTeam({ project }: { project: ProjectDto }) {
  const members = project.teamMembers;
  const leadIsMember = members.some((member) => member.userId === project.projectLeadId);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">Team size: {members.length + (leadIsMember ? 0 : 1)}</p>
      <ul aria-label="Project team" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <PersonCard
          heading="Project Lead"
          name={project.projectLead?.name ?? 'Not assigned'}
          role={project.projectLead ? 'Project Lead' : ''}
        />
        {members.map((member, index) => (
          <PersonCard
            key={member.id}
            heading={`Member #${index + 1}`}
            name={member.user.name}
            role={roleLabel(member.user.role)}
          />
        ))}
      </ul>
    </div>
  );
}
