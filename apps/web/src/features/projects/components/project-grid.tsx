import type { ProjectSummaryDto } from '@trowel/shared/projects/project.schemas.ts';
import type { ReactNode } from 'react';
import { InfiniteList } from '../../../components/ui/infinite-list.tsx';
import type { PagedList } from '../../../hooks/use-paged-list.ts';
import { ProjectCard } from './project-card.tsx';

const TEXTS = {
  loading: 'Loading projects...',
  loadingMore: 'Loading more projects...',
  failed: 'Failed to load projects',
  loadMore: 'Load more projects',
  noun: 'projects',
  one: 'project',
};

interface ProjectGridProps {
  list: PagedList<ProjectSummaryDto>;
  emptyHint: ReactNode;
  onDelete?: ((project: ProjectSummaryDto) => void) | undefined;
  /** Adds the scroll-to-top button of the projects screen. */
  scrollToTop?: boolean;
}

/** Project cards with loading, failure, empty and end-of-list states; the next page loads on scroll. */
export function ProjectGrid({ list, emptyHint, onDelete, scrollToTop }: ProjectGridProps) {
  return (
    <InfiniteList
      list={list}
      texts={TEXTS}
      empty={{ title: 'No projects found', description: emptyHint }}
      label="Project list"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
      renderItem={(project, ref) => <ProjectCard project={project} onDelete={onDelete} ref={ref} />}
      scrollToTop={scrollToTop}
    />
  );
}
