import { can } from '@trowel/shared/auth/policy.ts';
import { canDeleteProject } from '@trowel/shared/projects/project.policy.ts';
import type { ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import type { ProjectSummaryDto } from '@trowel/shared/projects/project.schemas.ts';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useCardPageSize } from '../../../hooks/use-card-page-size.ts';
import { useDebouncedSearch } from '../../../hooks/use-debounced-search.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useProjectCategories } from '../api/get-project-categories.ts';
import { useProjects } from '../api/get-projects.ts';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { ProjectGrid } from './project-grid.tsx';
import { ProjectListToolbar } from './project-list-toolbar.tsx';
import { ProjectPeopleFilters, type PeopleFilterValues } from './project-people-filters.tsx';

const NO_PEOPLE: PeopleFilterValues = { clientId: '', memberId: '' };

/** The projects screen's body: search, filters, the count, the cards and the delete dialog. */
export function ProjectBrowser() {
  const user = useCurrentUser();
  const { input: searchInput, setInput: setSearchInput, term: search } = useDebouncedSearch();
  const [status, setStatus] = useState<ProjectStatus | ''>('');
  const [category, setCategory] = useState('');
  const [people, setPeople] = useState(NO_PEOPLE);
  const [moreOpen, setMoreOpen] = useState(false);
  // The list endpoint filters by client and by lead or member; only people who may look people up choose them.
  const mayFilterByPeople = can(user, 'users:read');
  const [pendingDelete, setPendingDelete] = useState<ProjectSummaryDto | null>(null);
  const categories = useProjectCategories();
  const pageSize = useCardPageSize();
  const list = useProjects(
    {
      search,
      status,
      category,
      clientId: people.clientId || undefined,
      memberId: people.memberId || undefined,
    },
    pageSize,
  );
  const { query } = list;

  // One toast per failed load, next to the panel that stays on screen.
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error('Error loading projects', { description: 'Please try again later.' });
  }, [failedAt]);

  // Closing the panel drops its filters, so nothing narrows the list out of sight.
  const toggleMoreFilters = () => {
    if (moreOpen) setPeople(NO_PEOPLE);
    setMoreOpen(!moreOpen);
  };
  const filtered = Boolean(search || status || category || people.clientId || people.memberId);
  return (
    <section aria-label="Projects">
      <ProjectListToolbar
        search={searchInput}
        onSearchChange={setSearchInput}
        status={status}
        onStatusChange={setStatus}
        category={category}
        onCategoryChange={setCategory}
        categories={categories.data ?? []}
        moreFilters={
          mayFilterByPeople
            ? { open: moreOpen, onToggle: toggleMoreFilters, panelId: 'project-more-filters' }
            : undefined
        }
      />
      {mayFilterByPeople && moreOpen ? (
        <ProjectPeopleFilters id="project-more-filters" values={people} onChange={setPeople} />
      ) : null}
      {query.isSuccess ? (
        <p aria-live="polite" className="mb-3 text-sm text-slate-600">
          ({list.items.length} of {list.total} shown)
        </p>
      ) : null}
      <ProjectGrid
        list={list}
        emptyHint={
          filtered
            ? 'Try adjusting your search or filters to find what you are looking for.'
            : 'Get started by creating your first project.'
        }
        onDelete={canDeleteProject(user) ? setPendingDelete : undefined}
        scrollToTop
      />
      <DeleteProjectDialog project={pendingDelete} onClose={() => setPendingDelete(null)} />
    </section>
  );
}
