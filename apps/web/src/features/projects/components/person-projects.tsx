import { useCardPageSize } from '../../../hooks/use-card-page-size.ts';
import { useProjects } from '../api/get-projects.ts';
import type { ProjectListFilters } from '../types.ts';
import { ProjectGrid } from './project-grid.tsx';

interface PersonProjectsProps {
  /** `clientId` for a client's projects; `memberId` for those a staff member leads or works on. */
  filter: Pick<ProjectListFilters, 'clientId' | 'memberId'>;
  name: string;
}

/** One person's projects as cards linking to each project. */
export function PersonProjects({ filter, name }: PersonProjectsProps) {
  const pageSize = useCardPageSize();
  const list = useProjects(filter, pageSize);
  return (
    <section aria-label={`Projects of ${name}`}>
      {list.query.isSuccess ? (
        <p className="mb-3 text-sm text-slate-600">
          ({list.items.length} of {list.total} shown)
        </p>
      ) : null}
      <ProjectGrid list={list} emptyHint={`${name} has no projects yet.`} />
    </section>
  );
}
