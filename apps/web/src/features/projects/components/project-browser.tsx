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
import { NO_MORE_FILTERS, ProjectMoreFilters } from './project-more-filters.tsx';

/** The projects screen's body: search, filters, the count, the cards and the delete dialog. */
export function ProjectBrowser() {
  const user = useCurrentUser();
  const { input: searchInput, setInput: setSearchInput, term: search } = useDebouncedSearch();
  const [status, setStatus] = useState<ProjectStatus | ''>('');
  const [category, setCategory] = useState('');
  const [more, setMore] = useState(NO_MORE_FILTERS);
  const [moreOpen, setMoreOpen] = useState(false);
  // Everyone narrows by start date; only people who may look people up choose a client or a lead.
  const mayFilterByPeople = can(user, 'users:read');
  const [pendingDelete, setPendingDelete] = useState<ProjectSummaryDto | null>(null);
  const categories = useProjectCategories();
  const pageSize = useCardPageSize();
  const list = useProjects(
    {
      search,
      status,
      category,
      clientId: more.clientId || undefined,
      memberId: more.memberId || undefined,
      // A range the wrong way round (while the second date is being typed) is not asked for.
      ...(more.startFrom && more.startTo && more.startFrom > more.startTo
        ? {}
        : { startFrom: more.startFrom || undefined, startTo: more.startTo || undefined }),
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
    if (moreOpen) setMore(NO_MORE_FILTERS);
    setMoreOpen(!moreOpen);
  };
  const filtered = Boolean(search || status || category || Object.values(more).some(Boolean));
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
        moreFilters={{ open: moreOpen, onToggle: toggleMoreFilters, panelId: 'project-more-filters' }}
      />
      {moreOpen ? (
        <ProjectMoreFilters
          id="project-more-filters"
          values={more}
          onChange={setMore}
          byPeople={mayFilterByPeople}
        />
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
