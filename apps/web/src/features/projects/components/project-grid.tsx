import { INFINITE_SCROLL_MARGIN_PX } from '@trowel/shared/projects/project.constants.ts';
import type { ProjectSummaryDto } from '@trowel/shared/projects/project.schemas.ts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import type { ProjectList } from '../hooks/use-project-list.ts';
import { ProjectCard } from './project-card.tsx';

interface ProjectGridProps {
  list: ProjectList;
  emptyHint: ReactNode;
  emptyAction?: ReactNode;
  onDelete?: ((project: ProjectSummaryDto) => void) | undefined;
}

/** Project cards with loading, failure, empty and end-of-list states; the next page loads on scroll. */
export function ProjectGrid({ list, emptyHint, emptyAction, onDelete }: ProjectGridProps) {
  const { query, projects, total, reload } = list;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const watchLastCard = useInfiniteScroll({
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onLoadMore: () => void query.fetchNextPage(),
    marginPx: INFINITE_SCROLL_MARGIN_PX,
  });

  if (query.isPending) return <LoadingState label="Loading projects..." />;
  if (query.isError && projects.length === 0) {
    return (
      <ErrorState
        title="Failed to load projects"
        message={errorMessage(query.error, 'Please try again later.')}
        onRetry={() => void reload()}
        retrying={query.isFetching}
      />
    );
  }
  if (projects.length === 0) {
    return <EmptyState title="No projects found" description={emptyHint} action={emptyAction} />;
  }

  return (
    <>
      <ul aria-label="Project list" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {projects.map((project, index) => (
          <li key={project.id}>
            <ProjectCard
              project={project}
              onDelete={onDelete}
              ref={index === projects.length - 1 ? watchLastCard : undefined}
            />
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        {isFetchingNextPage ? <LoadingState label="Loading more projects..." className="py-4" /> : null}
        {isFetchNextPageError ? (
          <ErrorState
            title="Failed to load projects"
            message={errorMessage(query.error, 'Please try again later.')}
            onRetry={() => void query.fetchNextPage()}
          />
        ) : null}
        {hasNextPage && !isFetchingNextPage && typeof IntersectionObserver === 'undefined' ? (
          <Button variant="outline" onClick={() => void query.fetchNextPage()}>
            Load more projects
          </Button>
        ) : null}
        {!hasNextPage ? (
          <p className="text-sm text-slate-600">
            You&apos;ve reached the end of the list. Showing {projects.length} of {total} projects.
          </p>
        ) : null}
      </div>
    </>
  );
}
